import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every workspace. Integration tests share one DynamoDB Local (started by the global
 * setup, in memory, on a free port); each test file makes its own table.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/test/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['functions/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['scripts/local-cloud/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
      'web/vitest.config.ts',
    ],
  },
});
