/** Bloom's design tokens as CSS custom properties, generated from src/components/theme.ts by vite.config.ts. */
declare module 'virtual:bloom-theme.css';

/**
 * Every message the web shows in one language, compiled to FormatJS's AST (web/i18n-messages.ts):
 * `virtual:bloom-messages/de`.
 */
declare module 'virtual:bloom-messages/*' {
  const messages: Record<string, import('react-intl').MessageFormatElement[]>;
  export default messages;
}
