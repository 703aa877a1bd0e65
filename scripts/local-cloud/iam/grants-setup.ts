import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether this run holds every integration test file, unfiltered: only then is a grant never used unused. */
    wholeIntegrationSuite: boolean;
  }
}

/**
 * The grants test judges what the integration suite made each route do in this run; a run of some of its
 * files (or some of its tests) would make every action the rest use look unused. This tells it whether the
 * run holds the whole suite.
 */
export default async function setup(project: TestProject) {
  const { vitest } = project;
  const integration = vitest.projects.find((candidate) => candidate.name === 'integration');
  const running = new Set(vitest.state.getPaths());
  const files = integration ? (await integration.globTestFiles()).testFiles : [];
  project.provide(
    'wholeIntegrationSuite',
    files.length > 0 &&
      files.every((file) => running.has(file)) &&
      !vitest.config.testNamePattern &&
      !vitest.config.shard,
  );
}
