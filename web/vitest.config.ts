import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Component tests: jsdom and Testing Library. Browser journeys have their own config. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./test/setup-dom.ts'],
    restoreMocks: true,
  },
});
