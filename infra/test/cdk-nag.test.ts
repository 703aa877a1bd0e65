import { beforeAll, describe, expect, it } from 'vitest';
import { type Synthesized, synthesized } from './support/synthesized.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

describe.each(['dev', 'prod'] as const)('cdk-nag AwsSolutions checks (%s)', (stage) => {
  it('leave no unacknowledged error', () => {
    const nag = synth.nag(stage);
    const errors = nag.violations
      .filter((violation) => violation.severity === 'error' || violation.severity === 'fatal')
      .map(
        (violation) =>
          `${violation.ruleName} at ${violation.violatingConstructs.map((c) => c.constructPath).join(', ')}`,
      );
    expect(errors).toEqual([]);
    expect(nag.failure).toBeUndefined();
  });

  it('acknowledge each finding with a specific reason', () => {
    const suppressed = synth.nag(stage).suppressedViolations;
    expect(suppressed.length).toBeGreaterThan(0);
    for (const violation of suppressed) {
      expect(violation.reason?.length ?? 0, violation.ruleName).toBeGreaterThan(60);
      // A finding is acknowledged on the construct it concerns or its parent, never for the whole stack.
      const where = (violation as { acknowledgedAt?: string }).acknowledgedAt ?? '';
      expect(where.split('/').length, `${violation.ruleName} acknowledged at ${where}`).toBeGreaterThan(1);
    }
  });

  it('acknowledge only wildcards that name their action or resource', () => {
    for (const violation of synth.nag(stage).suppressedViolations) {
      if (violation.ruleName.startsWith('AwsSolutions-IAM5')) {
        expect(violation.ruleName, 'a specific IAM5 finding').toMatch(/\[(Action|Resource)::.+\]$/);
      }
    }
  });
});
