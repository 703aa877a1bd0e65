import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. The local cloud serves this same config in dev (`web: 'vite'`) and `dist/` in production
 * mode (`web: 'dist'`); `/api` and `/config.json` come from the same origin in both.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Keep the landing page's first load small: everything signed-in is split out by dynamic imports.
    chunkSizeWarningLimit: 900,
  },
});
