import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { WeekView } from '@bloom/shared/planner/types';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

/** Set by a test: the next write that plans a week fails as an outage would (throttled, or DynamoDB down). */
const outage = vi.hoisted(() => ({ seeding: false }));

vi.mock('../src/data/transact', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/data/transact')>();
  const plansAWeek = (input: TransactWriteCommandInput) =>
    JSON.stringify(input.TransactItems ?? []).includes('seededAt');
  return {
    ...actual,
    transactWrite: async (input: TransactWriteCommandInput, ...rest: unknown[]) => {
      if (outage.seeding && plansAWeek(input)) {
        outage.seeding = false;
        throw Object.assign(new Error('Throughput exceeds the current capacity'), {
          name: 'ProvisionedThroughputExceededException',
        });
      }
      return (actual.transactWrite as (...args: unknown[]) => unknown)(input, ...rest);
    },
  };
});

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

describe('a week whose plan cannot be written', () => {
  it('answers "Failed to initialize activities", writes nothing, and plans the week on the next read', async () => {
    const user = await cloud.newUser();
    const week = weekStartOf(todayIn('UTC', new Date()));
    outage.seeding = true;
    const failed = await user.call('GET', `/api/weeks/${week}`);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      error: { code: 'plan_initialization_failed', message: 'Failed to initialize activities' },
    });

    const next = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(next.status).toBe(200);
    expect(next.body.days.flatMap((day) => day.activities).length).toBeGreaterThan(0);
  });
});
