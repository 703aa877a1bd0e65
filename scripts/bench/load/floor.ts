/**
 * The floor under bench:load's figures: the DynamoDB requests Bloom's routes make for the same work, sent straight
 * to the same DynamoDB Local at the same concurrency, with no gateway, no token check and no handler in between.
 * Bloom's throughput and latency over the floor's is what the local cloud and the handlers add.
 *
 * Each user does what bench:load's users do, request for request as the access-pattern table describes them
 * (docs/data-model.md): a week load is four reads at once (profile, the week's items, its days, the
 * closed-account check); an add is the idempotency claim, the same four reads at once, the transaction that
 * counts the edit and plans the activity, and the record of the answer.
 */
import { randomUUID } from 'node:crypto';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { ensureTable, localDynamoClient } from '../../local-cloud/dynamodb.ts';

export interface FloorResult {
  /** One latency per user request (a week load or an add), as bench:load times a request. */
  latenciesMs: number[];
  seconds: number;
}

export async function measureFloor(
  endpoint: string,
  { users, writes, week, resendRate }: { users: number; writes: number; week: string; resendRate: number },
): Promise<FloorResult> {
  const tableName = `bench-floor-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  const client = DynamoDBDocumentClient.from(localDynamoClient(endpoint));
  const latenciesMs: number[] = [];
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    latenciesMs.push(performance.now() - started);
  };

  const reads = (pk: string) =>
    Promise.all([
      client.send(new GetCommand({ TableName: tableName, Key: { pk, sk: 'PROFILE' } })),
      client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :week)',
          ExpressionAttributeValues: { ':pk': pk, ':week': `WEEK#${week}` },
        }),
      ),
      client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': 'DAY#2025-11-01', ':to': `DAY#${week}~` },
        }),
      ),
      client.send(
        new GetCommand({
          TableName: tableName,
          Key: { pk: `CLOSED#${pk}`, sk: 'ACCOUNT' },
          ConsistentRead: true,
        }),
      ),
    ]);

  const claimOf = (pk: string) => ({ pk, sk: `IDEMPOTENCY#${randomUUID()}` });
  /** A resent add: its claim is refused, and the refusal carries the recorded answer (ALL_OLD). */
  const resend = async (claim: { pk: string; sk: string }) => {
    await client
      .send(
        new PutCommand({
          TableName: tableName,
          Item: { ...claim, status: 'INPROGRESS' },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch(() => {});
  };
  const add = async (claim: { pk: string; sk: string }, index: number) => {
    const { pk } = claim;
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...claim, status: 'INPROGRESS' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await reads(pk);
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: { pk, sk: `WEEK#${week}` },
              UpdateExpression: 'ADD edits :one SET dayRev0 = :rev',
              ExpressionAttributeValues: { ':one': 1, ':rev': index },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { pk, sk: `WEEK#${week}#ACT#${randomUUID()}`, activityId: `activity-${index}` },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    await client.send(new PutCommand({ TableName: tableName, Item: { ...claim, status: 'COMPLETED' } }));
  };

  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      const pk = `USER#floor-${user}`;
      await timed(() => reads(pk));
      for (let index = 0; index < writes; index++) {
        const claim = claimOf(pk);
        await timed(() => add(claim, index));
        if (Math.random() < resendRate) await timed(() => resend(claim));
      }
    }),
  );
  return { latenciesMs, seconds: (performance.now() - started) / 1000 };
}
