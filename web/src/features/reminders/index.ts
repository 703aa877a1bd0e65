/** Gentle reminders as the app composes them: "Reminders" in her account menu. */
export { RemindersButton } from './reminders-button';
