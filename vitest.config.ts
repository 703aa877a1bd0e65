import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Lambda runs Node 22; this machine runs Node 20, where the AWS SDK prints a support notice on every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * One Vitest run covers every workspace. Integration tests share one DynamoDB Local (started by the global
 * setup, in memory, on a free port); each test file makes its own table.
 */
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores, and most integration files spend their time waiting
    // (on DynamoDB Local, an emulator's latency, a timeout under test): twice the cores keeps the CPU busy.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    projects: [
      { test: { name: 'shared', include: ['shared/test/**/*.test.ts'] } },
      // Which way imports may run, read from the source (docs/architecture.md "Import rules").
      { test: { name: 'architecture', include: ['scripts/import-rules/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['functions/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [
            '**/node_modules/**',
            'scripts/import-rules/**',
            'scripts/local-cloud/iam/grants.test.ts',
          ],
          globalSetup: ['scripts/local-cloud/testing/global-setup.ts'],
          // Caps, not criteria: a test waits on conditions, and a loaded machine may need the time.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // What each route's function did in this run's integration tests, against what routes.ts grants it
          // (docs/architecture.md "IAM check"): so it runs after every other project.
          name: 'grants',
          include: ['scripts/local-cloud/iam/grants.test.ts'],
          globalSetup: ['scripts/local-cloud/iam/grants-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          // Generous: synthesis (without bundling, infra/test/support/synthesized.ts), cfn-lint and the one test
          // that really bundles take seconds each, more on a loaded machine.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // The files only read templates and build stacks of their own (no mocks, no environment changes), so
          // they share a worker's modules: aws-cdk-lib and the app load once a worker instead of once a file, which
          // took two thirds of the project's time (60 s to 20 s on a quiet machine).
          isolate: false,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
