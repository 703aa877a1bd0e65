import { createHash } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import type { LocalPushSubscription } from '@bloom/scripts/local-cloud/push/push-service';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import type { ReminderNotification } from '@bloom/shared/reminders/message';
import { bucketPk, localTimeAt, runOf, shardOf } from '@bloom/shared/reminders/schedule';
import type { ReminderKind, ReminderSettings } from '@bloom/shared/reminders/settings';
import { dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingProxy } from './support/counting-proxy';
import { type PlannerCloud, planActivities, startPlannerCloud, type TestUser } from './support/planner-cloud';

/**
 * Gentle reminders end to end (docs/rules.md#reminders): settings filed in buckets through the API, the sender
 * run as its schedule runs it, pushes received and decrypted by the local Web Push service.
 */

let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let planner: PlannerCloud;
let table: DynamoDBDocumentClient;
beforeAll(async () => {
  proxy = await startCountingProxy(testDynamoDbEndpoint());
  planner = await startPlannerCloud({ dynamodbEndpoint: proxy.endpoint } as never);
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: testDynamoDbEndpoint(),
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(async () => {
  await planner?.stop();
  await proxy?.stop();
});

const cloud = () => planner.cloud;
/** Each test runs the sender for a run of its own, hours apart, so no test sees another's reminders. */
const runAt = (hoursAhead: number) => runOf(new Date(Date.now() + hoursAhead * 3_600_000)).at;
const send = (at: Date) =>
  cloud().background.runSchedule('reminders/send', at) as Promise<{ due: number; queued: boolean }>;
const received = (subscription: LocalPushSubscription) =>
  cloud()
    .push.received(subscription.endpoint)
    .map((push) => JSON.parse(push.payload) as ReminderNotification);

function settingsFor(timeZone: string, kind: ReminderKind, time: string, quiet = true): ReminderSettings {
  const off = { on: false, time: '08:00' };
  return {
    Morning: off,
    Midday: off,
    Evening: off,
    CheckIn: off,
    [kind]: { on: true, time },
    quietOnMarkedDays: quiet,
    timeZone,
  };
}

async function subscribe(user: TestUser) {
  const subscription = cloud().push.subscribe();
  const response = await user.call('PUT', '/api/me/push-subscriptions', subscription);
  expect(response.status).toBe(200);
  return subscription;
}

/** A user with an Evening reminder due at `at` in `timeZone`, one device, and her day's Evening planned. */
async function dueUser(at: Date, timeZone: string, activityIds = ['gratitude-journal']) {
  const user = await planner.newUser();
  const date = todayIn(timeZone, at);
  const { added } = await planActivities(user, weekStartOf(date), dayIndexOf(date), 'Evening', activityIds);
  const saved = await user.call(
    'PUT',
    '/api/me/reminders',
    settingsFor(timeZone, 'Evening', localTimeAt(at, timeZone)),
  );
  expect(saved.status).toBe(200);
  return { user, date, added, device: await subscribe(user) };
}

describe('reminder settings', () => {
  it('starts from her quiz time preference, all off, and files what she turns on in step', async () => {
    const user = await planner.newUser();
    const initial = await user.call('GET', '/api/me/reminders');
    expect(initial.status).toBe(200);
    expect(initial.body.saved).toBe(false);
    expect(initial.body.settings.Evening).toEqual({ on: false, time: expect.stringMatching(/^\d\d:\d\d$/) });

    const evening = settingsFor('Europe/Paris', 'Evening', '19:30');
    expect((await user.call('PUT', '/api/me/reminders', evening)).status).toBe(200);
    const filed = async () => {
      const shards = await Promise.all(
        ['17:30', '18:30', '05:00', '06:00'].map((utcTime) =>
          table.send(
            new QueryCommand({
              TableName: cloud().tableName,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': bucketPk({ utcTime, shard: shardOf(user.sub) }) },
            }),
          ),
        ),
      );
      return shards
        .flatMap((page) => page.Items ?? [])
        .map((item) => `${item.pk} ${item.kind}`)
        .sort();
    };
    // Paris has two offsets a year: 19:30 is filed under both of its UTC times.
    expect(await filed()).toEqual([
      `${bucketPk({ utcTime: '17:30', shard: shardOf(user.sub) })} Evening`,
      `${bucketPk({ utcTime: '18:30', shard: shardOf(user.sub) })} Evening`,
    ]);
    // Moving to a morning reminder unfiles the evening one in the same write.
    expect(
      (await user.call('PUT', '/api/me/reminders', settingsFor('Europe/Paris', 'Morning', '07:00'))).status,
    ).toBe(200);
    expect(await filed()).toEqual([
      `${bucketPk({ utcTime: '05:00', shard: shardOf(user.sub) })} Morning`,
      `${bucketPk({ utcTime: '06:00', shard: shardOf(user.sub) })} Morning`,
    ]);
    const again = await user.call('GET', '/api/me/reminders');
    expect(again.body).toEqual({ settings: settingsFor('Europe/Paris', 'Morning', '07:00'), saved: true });
  });

  it('saves her time zone by its current name, and reads an old name saved before by it too (docs/rules.md#time-zones)', async () => {
    const user = await planner.newUser();
    const key = (sk: string) => ({ TableName: cloud().tableName, Key: { pk: `USER#${user.sub}`, sk } });
    /** Writes a zone as a save before names were made canonical did. */
    const setZone = (sk: 'PROFILE' | 'REMINDERS', zone: string) =>
      table.send(
        new UpdateCommand({
          ...key(sk),
          UpdateExpression: sk === 'PROFILE' ? 'SET #zone = :zone' : 'SET settings.#zone = :zone',
          ExpressionAttributeNames: { '#zone': 'timeZone' },
          ExpressionAttributeValues: { ':zone': zone },
        }),
      );
    const read = async () => (await user.call('GET', '/api/me/reminders')).body.settings.timeZone;

    // The defaults follow her profile's zone, which may have been saved by an old name.
    await user.call('PUT', '/api/me', { timeZone: 'Europe/Berlin' });
    await setZone('PROFILE', 'Europe/Kiev');
    expect(await read()).toBe('Europe/Kyiv');

    expect(
      (await user.call('PUT', '/api/me/reminders', settingsFor('Asia/Calcutta', 'Evening', '19:30'))).status,
    ).toBe(200);
    expect((await table.send(new GetCommand(key('REMINDERS')))).Item?.settings.timeZone).toBe('Asia/Kolkata');
    expect(await read()).toBe('Asia/Kolkata');

    await setZone('REMINDERS', 'Asia/Saigon');
    expect(await read()).toBe('Asia/Ho_Chi_Minh');
  });

  it('refuses a time off the 5-minute grid and an endpoint that is not https', async () => {
    const user = await planner.newUser();
    const odd = await user.call('PUT', '/api/me/reminders', settingsFor('Europe/Paris', 'Evening', '19:33'));
    expect(odd.status).toBe(400);
    const plain = await user.call('PUT', '/api/me/push-subscriptions', {
      ...cloud().push.subscribe(),
      endpoint: 'http://push.example/x',
    });
    expect(plain.status).toBe(400);
  });

  it('accepts only endpoints at a push service, answering anything else 400 push_endpoint_not_allowed', async () => {
    const user = await planner.newUser();
    const keys = cloud().push.subscribe().keys;
    const local = new URL(cloud().push.url);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://127.0.0.1/push/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://internal.example/push/x',
      // The local push service at another port, and at its address rather than its name.
      `https://localhost:${Number(local.port) + 1}/push/x`,
      `https://127.0.0.1:${local.port}/push/x`,
    ]) {
      const refused = await user.call('PUT', '/api/me/push-subscriptions', { endpoint, keys });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body).toEqual({
        error: { code: 'push_endpoint_not_allowed', message: ERRORS.push_endpoint_not_allowed.message },
      });
    }
    expect(await storedDevices(user)).toEqual([]);
    // A browser's push service, and the local one the launcher configured, are accepted.
    const chrome = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bGmP1x-Yv2_fQ7';
    expect((await user.call('PUT', '/api/me/push-subscriptions', { endpoint: chrome, keys })).status).toBe(
      200,
    );
    const device = await subscribe(user);
    expect((await storedDevices(user)).sort()).toEqual([chrome, device.endpoint].sort());
  });

  it('reaches at most 10 devices', async () => {
    const user = await planner.newUser();
    for (let i = 0; i < 10; i++) await subscribe(user);
    const eleventh = await user.call('PUT', '/api/me/push-subscriptions', cloud().push.subscribe());
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('too_many_devices');
  });
});

describe('the sender', () => {
  it("sends a push that decrypts with the device's keys and names the slot's open activities, once, without a Scan", async () => {
    const at = runAt(1);
    const { user, date, added, device } = await dueUser(at, 'Asia/Tokyo', [
      'gratitude-journal',
      'morning-stretch',
    ]);
    const before = proxy.all().length;
    expect(await send(at)).toEqual({ due: 1, queued: false });
    const requests = proxy.all().slice(before);
    expect(requests.filter((request) => request.operation === 'Scan')).toEqual([]);
    // The run's 10 shards, then her devices and week.
    expect(requests.filter((request) => request.operation === 'Query').length).toBe(12);

    const [message] = received(device);
    const names = added.map((activity) => `${activity.name}, ${activity.duration} min`).join(' · ');
    expect(message).toEqual({
      title: 'Your Evening rituals are ready',
      body: `Your Evening rituals are ready: ${names}`,
      url: `/?day=${date}`,
      tag: `bloom-${date}-Evening`,
    });
    const [push] = cloud().push.received(device.endpoint);
    expect(push?.vapidKey).toBe(cloud().config.vapidPublicKey);
    expect(push?.ttl).toBe(3600);

    // The schedule may run twice for the same time (at-least-once): she still gets one.
    await send(at);
    expect(received(device)).toHaveLength(1);
    expect(user.sub).toBeTruthy();
  });

  it('finds her by her own time zone: not due an hour off', async () => {
    const at = runAt(10);
    const { device } = await dueUser(at, 'America/New_York');
    // New York has two offsets: her reminder is filed under both UTC times, and only her local time is due.
    await send(new Date(at.getTime() + 3_600_000));
    await send(new Date(at.getTime() - 3_600_000));
    expect(received(device)).toEqual([]);
    await send(at);
    expect(received(device)).toHaveLength(1);
  });

  it('stays quiet on a day she marked complete', async () => {
    const at = runAt(3);
    const { user, date, device } = await dueUser(at, 'Europe/London');
    const marked = await user.call(
      'PUT',
      `/api/weeks/${weekStartOf(date)}/days/${dayIndexOf(date)}/completion`,
      {
        completed: true,
      },
    );
    expect(marked.status).toBe(200);
    expect((await send(at)).due).toBe(1);
    expect(received(device)).toEqual([]);
  });

  it('forgets a device whose push service answers 410 Gone, and still reaches the others', async () => {
    const at = runAt(4);
    const { user, device } = await dueUser(at, 'Australia/Sydney');
    const second = await subscribe(user);
    cloud().push.expire(device.endpoint);
    await send(at);
    expect(received(second)).toHaveLength(1);
    const stored = async (subscription: LocalPushSubscription) =>
      (
        await table.send(
          new GetCommand({
            TableName: cloud().tableName,
            Key: { pk: `USER#${user.sub}`, sk: `PUSH#${sha256(subscription.endpoint)}` },
          }),
        )
      ).Item;
    expect(await stored(device)).toBeUndefined();
    expect(await stored(second)).toBeDefined();
  });

  it('never requests an endpoint that is not at a push service, and forgets it', async () => {
    const at = runAt(7);
    const { user, device } = await dueUser(at, 'Asia/Kolkata');
    // A device stored before the rule held, at an address inside the network: anything connecting is counted.
    let connections = 0;
    const inside = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => inside.listen(0, '127.0.0.1', () => done()));
    try {
      const endpoint = `https://127.0.0.1:${(inside.address() as AddressInfo).port}/latest/meta-data/`;
      await table.send(
        new PutCommand({
          TableName: cloud().tableName,
          Item: {
            pk: `USER#${user.sub}`,
            sk: `PUSH#${sha256(endpoint)}`,
            endpoint,
            keys: device.keys,
            createdAt: at.toISOString(),
          },
        }),
      );
      await send(at);
      expect(received(device)).toHaveLength(1);
      expect(connections).toBe(0);
      expect(await storedDevices(user)).toEqual([device.endpoint]);
    } finally {
      await new Promise((done) => inside.close(done));
    }
  });

  it('sends nothing to a device she unsubscribed', async () => {
    const at = runAt(5);
    const { user, device } = await dueUser(at, 'Europe/Berlin');
    const removed = await user.call('DELETE', `/api/me/push-subscriptions/${sha256(device.endpoint)}`);
    expect(removed.status).toBe(204);
    await send(at);
    expect(received(device)).toEqual([]);
  });

  it('sends nothing to an account whose deletion stopped half way', async () => {
    const at = runAt(8);
    const { user, device } = await dueUser(at, 'Europe/Madrid');
    // Her items outlive the failed deletion, but the account serves nothing more until it is finished.
    const outage = proxy.fail('BatchWriteItem');
    const failed = await user.call('DELETE', '/api/me');
    outage.end();
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await send(at)).due).toBe(1);
    expect(received(device)).toEqual([]);
  });

  it('fans a large bucket out through the queue, and its consumer forgets gone devices too', async () => {
    const at = runAt(6);
    const timeZone = 'UTC';
    const localTime = localTimeAt(at, timeZone);
    // Fifty-five check-ins due at once, filed as the settings route files them, one device each.
    const users = Array.from({ length: 55 }, (_, i) => `bulk-${at.getTime()}-${i}`);
    const devices = users.map(() => cloud().push.subscribe());
    const items = users.flatMap((userId, i) => [
      {
        pk: bucketPk({ utcTime: at.toISOString().slice(11, 16), shard: shardOf(userId) }),
        sk: `${userId}#CheckIn`,
        userId,
        kind: 'CheckIn',
        localTime,
        timeZone,
        quietOnMarkedDays: true,
      },
      {
        pk: `USER#${userId}`,
        sk: `PUSH#${sha256(devices[i]?.endpoint ?? '')}`,
        endpoint: devices[i]?.endpoint,
        keys: devices[i]?.keys,
        createdAt: at.toISOString(),
      },
    ]);
    for (let i = 0; i < items.length; i += 25) {
      await table.send(
        new BatchWriteCommand({
          RequestItems: {
            [cloud().tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
    const gone = devices[0] as LocalPushSubscription;
    cloud().push.expire(gone.endpoint);

    // At least its own 55: near midnight UTC this run's slot can be one another test of the file filed for too.
    const run = await send(at);
    expect(run.queued).toBe(true);
    expect(run.due).toBeGreaterThanOrEqual(55);
    await cloud().background.reminderQueue.drained();
    expect(devices.slice(1).every((device) => received(device).length === 1)).toBe(true);
    expect(received(devices[1] as LocalPushSubscription)[0]?.title).toBe('How was your day?');
    expect(cloud().background.reminderQueue.deadLetters()).toEqual([]);
    const goneItem = await table.send(
      new GetCommand({
        TableName: cloud().tableName,
        Key: { pk: `USER#${users[0]}`, sk: `PUSH#${sha256(gone.endpoint)}` },
      }),
    );
    expect(goneItem.Item).toBeUndefined();
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The endpoints of the devices stored for her. */
async function storedDevices(user: TestUser): Promise<string[]> {
  const result = await table.send(
    new QueryCommand({
      TableName: cloud().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :push)',
      ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':push': 'PUSH#' },
    }),
  );
  return (result.Items ?? []).map((item) => String(item.endpoint));
}
