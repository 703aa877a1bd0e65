import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { type FaultProxy, startFaultProxy } from '@bloom/scripts/local-cloud/testing/fault-proxy';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isServiceOutage } from '../src/aws/outage';
import { TableBudget, TableUnanswered, withinTableBudget } from '../src/aws/table-budget';

/**
 * The functions' own DynamoDB client under a request's budget (docs/rules.md#outages), against DynamoDB Local
 * through a fault proxy: paused, it holds every request as a stopped process would, and delivers it when resumed.
 */
let table: FaultProxy;
let documentClient: typeof import('../src/data/client').documentClient;
const tableName = `bloom-test-${randomUUID()}`;

beforeAll(async () => {
  await ensureTable(testDynamoDbEndpoint(), tableName);
  table = await startFaultProxy({ port: Number(new URL(testDynamoDbEndpoint()).port) });
  // The client reads its endpoint when its module loads, as in a Lambda container.
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: table.endpoint,
    TABLE_NAME: tableName,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  ({ documentClient } = await import('../src/data/client'));
});
afterEach(async () => {
  table.heal();
  await table.settled();
});
afterAll(() => table?.stop());

const key = () => ({ pk: `TEST#${randomUUID()}`, sk: 'ITEM' });
const get = (Key: Record<string, string>) =>
  documentClient.send(new GetCommand({ TableName: tableName, Key }));
const put = (Item: Record<string, string>) =>
  documentClient.send(new PutCommand({ TableName: tableName, Item }));

/** Pauses the table, starts `call`, and waits until the proxy holds what it sent. */
async function heldWhile<T>(call: () => Promise<T>): Promise<{ pending: Promise<T> }> {
  table.pause();
  const before = table.heldChunks();
  const pending = call();
  pending.catch(() => {});
  await vi.waitFor(() => expect(table.heldChunks()).toBeGreaterThan(before), { timeout: 10_000 });
  return { pending };
}

describe('a request whose table stops answering', () => {
  it('waits one budget in all, however many calls it makes, and sends nothing once it is spent', async () => {
    const item = key();
    const outcome = withinTableBudget(new TableBudget(300), async () => {
      const read = await get(key()).catch((error: unknown) => error);
      const held = table.heldChunks();
      // The code of a request may go on after a failed call (a fallback, a clean-up): its next call is refused.
      const write = await put({ ...item, written: 'after the budget' }).catch((error: unknown) => error);
      return { read, write, sentByWrite: table.heldChunks() - held };
    });
    table.pause();
    const { read, write, sentByWrite } = await outcome;
    expect(read).toBeInstanceOf(TableUnanswered);
    expect(write).toBeInstanceOf(TableUnanswered);
    expect(isServiceOutage(write)).toBe(true);
    expect(sentByWrite).toBe(0);
    table.resume();
    await table.settled();
    expect((await get(item)).Item).toBeUndefined();
  });
});

describe('a call the table failed quickly', () => {
  it('is tried again within the budget when it reads', async () => {
    const item = { ...key(), note: 'kept' };
    await put(item);
    const { pending: read } = await heldWhile(() => get({ pk: item.pk, sk: item.sk }));
    // The connection is reset under the held request: the read is sent again on a new one.
    table.reset();
    table.resume();
    const result = await read;
    expect(result.Item).toEqual(item);
    expect(result.$metadata.attempts).toBe(2);
  });

  it('is sent once when it writes: a write whose fate is unknown is not repeated', async () => {
    const item = key();
    const { pending: write } = await heldWhile(() => put({ ...item, note: 'sent once' }));
    table.reset();
    table.resume();
    const error = await write.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isServiceOutage(error)).toBe(true);
    expect((error as { $metadata?: { attempts?: number } }).$metadata?.attempts).toBe(1);
    await table.settled();
    expect((await get(item)).Item).toBeUndefined();
  });
});
