/** Bloom's design tokens as CSS custom properties, generated from src/components/theme.ts by vite.config.ts. */
declare module 'virtual:bloom-theme.css';
