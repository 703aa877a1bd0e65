import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: playwright-core drives Debian Chromium against the local cloud (real handlers, DynamoDB
 * Local, the Cognito emulator) serving the production build. The global setup starts one cloud and one Chromium
 * for the run; files run in parallel against them, each test in its own browser context with its own account.
 * `BLOOM_BROWSER_WORKERS` sets how many files run at once: 3 finished a run in 230-266 s on 2 busy cores, 2 in
 * 253-298 s and 4 in 256 s (the files mostly wait on the browser and the cloud, so 3 keep both cores busy).
 */
export default defineConfig({
  test: {
    name: 'web-browser',
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    maxWorkers: Number(process.env.BLOOM_BROWSER_WORKERS ?? 3),
    // Caps for a busy machine, never waits: a journey waits on what it sees, and a hung one still fails.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
