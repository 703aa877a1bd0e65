/** Bloom's design tokens as CSS custom properties, generated from src/app/theme.ts by vite.config.ts. */
declare module 'virtual:bloom-theme.css';
