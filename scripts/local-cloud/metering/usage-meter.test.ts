import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, signIn, startTestCloud, type TestCloud } from '../testing';
import { type AwsUsage, installUsageMeter } from './usage-meter';

const recorded: AwsUsage[] = [];
let cloud: TestCloud;

beforeAll(async () => {
  installUsageMeter((usage) => recorded.push(usage));
  cloud = await startTestCloud();
});
afterAll(() => cloud?.stop());

it("meters each function's DynamoDB request units as DynamoDB reports them, never under DynamoDB's minimum", async () => {
  const user = await signIn(cloud, { email: 'usage-meter@example.com', name: 'Usage Meter' });
  const client = api(cloud, user.idToken);
  const weekStart = weekStartOf(todayIn('UTC', new Date()));

  expect((await client.get(`/api/weeks/${weekStart}`)).status).toBe(200);
  const week = recorded.filter((usage) => usage.route === 'GET /api/weeks/{weekStart}');
  const units = (kind: 'read' | 'write') =>
    week.reduce(
      (sum, usage) => sum + (usage.service === 'dynamodb' && usage.kind === kind ? usage.capacityUnits : 0),
      0,
    );
  // Profile, week and completed days are read; the empty week is planned in one transaction.
  expect(units('read')).toBeGreaterThanOrEqual(1.5);
  expect(week.some((usage) => usage.service === 'dynamodb' && usage.operation === 'TransactWriteItems')).toBe(
    true,
  );
  expect(units('write')).toBeGreaterThan(1);

  // A Query that finds nothing still costs half a read unit (DynamoDB Local reports none), and the
  // closed-account check's strongly consistent GetItem a whole one.
  recorded.length = 0;
  expect((await client.get('/api/activities')).status).toBe(200);
  const read = (operation: string, capacityUnits: number) => ({
    route: 'GET /api/activities',
    service: 'dynamodb',
    kind: 'read',
    operation,
    capacityUnits,
  });
  expect(recorded).toHaveLength(2);
  expect(recorded).toEqual(expect.arrayContaining([read('Query', 0.5), read('GetItem', 1)]));
});
