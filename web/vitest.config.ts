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
    // A long form filled key by key takes ~2 s alone; on a 2-core CI machine running every project at once it can
    // take three times that. A hung test still fails, just not a slow one.
    testTimeout: 15_000,
  },
});
