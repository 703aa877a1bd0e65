import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: playwright-core drives Debian Chromium against the local cloud (real handlers, DynamoDB
 * Local, the Cognito emulator) serving the production build. Files run one at a time: the machine is small
 * and every file starts its own cloud.
 */
export default defineConfig({
  test: {
    name: 'web-browser',
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
