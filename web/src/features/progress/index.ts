/** "Your progress" as the app composes it. */
export { ProgressScreen } from './progress-screen';
