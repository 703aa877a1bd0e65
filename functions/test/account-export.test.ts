import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import type { BloomExport } from '@bloom/shared/account/export';
import { completedActivitiesCsv } from '@bloom/shared/account/export';
import type { CreateCustomActivityResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, dateOfDay, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_EVENING } from './support/answers';
import { type PlannerCloud, planActivities, startPlannerCloud, type TestUser } from './support/planner-cloud';

let cloud: PlannerCloud;
let table: DynamoDBDocumentClient;
beforeAll(async () => {
  cloud = await startPlannerCloud();
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(() => cloud?.stop());

const lastWeek = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -1);

/** Her partition as stored, every page. */
async function partition(user: TestUser): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: cloud.cloud.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** A user with something of every kind: answers, a seeded week, a tick, a marked day, a custom activity. */
async function busyUser(name: string): Promise<{ user: TestUser; customName: string }> {
  const user = await cloud.newUser({ name });
  const answered = await user.call('PUT', '/api/me', {
    timeZone: 'Europe/Berlin',
    quizAnswers: SOCIAL_EVENING,
  });
  expect(answered.status).toBe(200);
  const current = await user.call<WeekView>(
    'GET',
    `/api/weeks/${weekStartOf(todayIn('Europe/Berlin', new Date()))}`,
  );
  expect(current.status).toBe(200);
  const added = await planActivities(user, lastWeek(), 1, 'Morning', ['gratitude-journal']);
  const ticked = await user.call('PATCH', `/api/weeks/${lastWeek()}/activities/${added.added[0]?.id}`, {
    completed: true,
  });
  expect(ticked.status).toBe(200);
  const customName = `${name}'s "secret", ritual`;
  const custom = await user.call<CreateCustomActivityResponse>('POST', '/api/activities', {
    name: customName,
    duration: 7,
    category: 'Sensory',
    icon: '🛁',
    weekStart: lastWeek(),
    day: 2,
    slot: 'Evening',
  });
  expect(custom.status).toBe(201);
  return { user, customName };
}

describe('GET /api/me/export', () => {
  it("holds exactly her items, of every kind, and nothing of another user's", async () => {
    const { user, customName } = await busyUser('Maya');
    const maya = user;
    const other = await busyUser('Olga');
    // A coach conversation item, and an item of a kind the export does not know yet: both are hers.
    for (const Item of [
      { pk: `USER#${maya.sub}`, sk: 'CHAT#2026-11-20T10:00:00.000Z#1', role: 'user', text: 'Hello Bloom' },
      { pk: `USER#${maya.sub}`, sk: 'FUTURE#1', note: 'a kind added later' },
    ]) {
      await table.send(new PutCommand({ TableName: cloud.cloud.tableName, Item }));
    }

    const response = await maya.call<BloomExport>('GET', '/api/me/export');
    expect(response.status).toBe(200);
    const data = response.body;
    const stored = await partition(maya);

    expect(data).toMatchObject({
      format: 'bloom-export',
      version: 1,
      account: { id: maya.sub, name: 'Maya' },
    });
    expect(data.exportDate).toBe(todayIn('Europe/Berlin', new Date(data.exportedAt)));
    expect(data.quizAnswers).toEqual(SOCIAL_EVENING);
    expect(data.profile).toMatchObject({ timeZone: 'Europe/Berlin', tier: 'free' });
    expect(data.subscription).toEqual({ tier: 'free', stripeCustomerId: null, details: null });

    // Every stored item is in the export, or a kind left out on purpose.
    const storedOf = (test: (sk: string) => boolean) => stored.filter((item) => test(String(item.sk)));
    const activities = data.weeks.flatMap((week) => week.activities);
    expect(activities.map((activity) => activity.id).sort()).toEqual(
      storedOf((sk) => sk.includes('#ACT#'))
        .map((item) => item.id)
        .sort(),
    );
    expect(data.weeks.map((week) => week.weekStart).sort()).toEqual(
      storedOf((sk) => /^WEEK#[^#]+$/.test(sk))
        .map((item) => item.weekStart)
        .sort(),
    );
    expect(data.days.map((day) => day.date)).toEqual(
      storedOf((sk) => sk.startsWith('DAY#')).map((item) => item.date),
    );
    expect(data.customActivities.map((custom) => custom.name)).toEqual([customName]);
    expect(data.coachHistory).toEqual([{ role: 'user', text: 'Hello Bloom' }]);
    expect(data.other).toEqual([{ key: 'FUTURE#1', note: 'a kind added later' }]);
    const exported =
      1 + data.weeks.length + activities.length + data.days.length + data.customActivities.length + 2;
    const leftOut = storedOf((sk) => /^(CUSTOMNAME|DAILY|COACH)#/.test(sk)).length;
    expect(exported + leftOut).toBe(stored.length);

    const done = activities.find((activity) => activity.completedAt);
    expect(done).toMatchObject({
      name: 'Gratitude journal',
      slot: 'Morning',
      date: dateOfDay(lastWeek(), 1),
    });
    // Bloom's machinery is not hers: no keys, revisions or sync tickets.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/"(pk|sk|dayRev\d|planSignature|syncTicket)"/);
    // Nothing of the other user.
    expect(text).not.toContain(other.user.sub);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.customName.replaceAll('"', '\\"'));
  });

  it('reads every page of a large account', async () => {
    const user = await cloud.newUser();
    const weekStart = lastWeek();
    // 1,200 activities of about 1 KB each: more than one 1 MB page of a Query.
    const items = Array.from({ length: 1200 }, (_, index) => ({
      pk: `USER#${user.sub}`,
      sk: `WEEK#${weekStart}#ACT#bulk-${String(index).padStart(4, '0')}`,
      id: `bulk-${index}`,
      weekStart,
      activityId: 'gratitude-journal',
      day: index % 7,
      slot: 'Morning',
      name: `Ritual ${index}`,
      icon: '🌸',
      duration: 5,
      category: 'Mental',
      isCustom: false,
      createdAt: new Date().toISOString(),
      ...(index % 2 === 0 ? { completedAt: new Date().toISOString() } : {}),
      padding: 'x'.repeat(1000),
    }));
    for (let start = 0; start < items.length; start += 25) {
      await table.send(
        new BatchWriteCommand({
          RequestItems: {
            [cloud.cloud.tableName]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
    const response = await user.call<BloomExport>('GET', '/api/me/export');
    expect(response.status).toBe(200);
    const activities = response.body.weeks.flatMap((week) => week.activities);
    expect(activities).toHaveLength(1200);
    // The CSV of the same document has one row per completed activity, and a header.
    expect(completedActivitiesCsv(response.body).trimEnd().split('\r\n')).toHaveLength(601);
  });

  it('needs a signed-in caller', async () => {
    const { api } = await import('@bloom/scripts/local-cloud/testing/index');
    const response = await api(cloud.cloud).get('/api/me/export');
    expect(response.status).toBe(401);
  });
});
