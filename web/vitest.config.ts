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
    // One jsdom and one module graph per worker thread, not per file: building a window and importing React for
    // each of the 30 files was two thirds of the project's time (159 s, 70 s of it jsdom). So files share
    // modules and the window: each test's DOM and storage are cleared (setup-dom.ts), mocks, stubbed globals
    // and env are undone after it, and a test fakes a dependency through props or providers, never vi.mock
    // (a module already imported by an earlier file would keep its real dependency).
    pool: 'threads',
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // A long form filled key by key takes ~2 s alone; on a 2-core CI machine running every project at once it can
    // take three times that. A hung test still fails, just not a slow one.
    testTimeout: 15_000,
  },
});
