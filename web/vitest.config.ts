import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { bloomMessages } from './i18n-messages.ts';

/** Component tests: jsdom and Testing Library. Browser journeys have their own config. */
export default defineProject({
  plugins: [react(), bloomMessages()],
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
    // A long form filled key by key takes ~2 s alone; on a 2-core machine running every project at once, with
    // another run beside it, it took over 15 s. A cap, not a criterion: a hung test still fails, a slow one not.
    testTimeout: 60_000,
  },
});
