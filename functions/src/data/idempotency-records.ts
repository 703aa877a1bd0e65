import {
  IdempotencyItemAlreadyExistsError,
  IdempotencyItemNotFoundError,
} from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { IdempotencyRecordStatusValue } from '@aws-lambda-powertools/idempotency/types';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from './client';
import { userPk } from './keys';

/** The sort key's start: `IDEMPOTENCY#<hash of route and key>` (the hash is Powertools', see idempotent-writes.ts). */
export const IDEMPOTENCY_SK_PREFIX = 'IDEMPOTENCY';

interface StoredRecord {
  pk: string;
  sk: string;
  status: IdempotencyRecordStatusValue;
  /** Epoch seconds: the table's TTL attribute, so DynamoDB removes the record after it. */
  expiresAt?: number;
  /** Epoch milliseconds after which an unfinished request no longer holds the key (its function has timed out). */
  inProgressExpiresAt?: number;
  payloadHash?: string;
  response?: unknown;
}

/**
 * Powertools' idempotency records kept in the caller's own partition (pk `USER#{sub}`, sk
 * `IDEMPOTENCY#<hash>`, docs/rules.md#outages), not in one partition per function as its DynamoDB layer with a
 * sort key would: the records spread with the users, and go when her account's items go. One instance serves one
 * request of one person.
 */
export class UserPartitionIdempotencyRecords extends BasePersistenceLayer {
  readonly #pk: string;

  constructor(userId: string) {
    super();
    this.#pk = userPk(userId);
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const result = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: this.#key(idempotencyKey), ConsistentRead: true }),
    );
    if (!result.Item) throw new IdempotencyItemNotFoundError(`No record for ${idempotencyKey}`);
    return toRecord(result.Item as StoredRecord);
  }

  /** Claims the key unless a live record holds it: an unexpired answer, or a request still in progress. */
  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const now = Date.now();
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: this.#item(record),
          ConditionExpression:
            'attribute_not_exists(sk) OR expiresAt < :now OR (#status = :inProgress AND inProgressExpiresAt < :nowMs)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now / 1000, ':nowMs': now, ':inProgress': 'INPROGRESS' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = error.Item ? toRecord(unmarshall(error.Item) as StoredRecord) : undefined;
      throw new IdempotencyItemAlreadyExistsError(`The key ${record.idempotencyKey} is taken`, existing);
    }
  }

  /** The finished answer replaces the claim: one Put, so the function needs no UpdateItem for it. */
  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: this.#item(record) }));
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await documentClient.send(
      new DeleteCommand({ TableName: tableName(), Key: this.#key(record.idempotencyKey) }),
    );
  }

  #key(idempotencyKey: string) {
    return { pk: this.#pk, sk: idempotencyKey };
  }

  #item(record: IdempotencyRecord): StoredRecord {
    return {
      ...this.#key(record.idempotencyKey),
      status: record.getStatus(),
      ...(record.expiryTimestamp !== undefined ? { expiresAt: record.expiryTimestamp } : {}),
      ...(record.inProgressExpiryTimestamp !== undefined
        ? { inProgressExpiresAt: record.inProgressExpiryTimestamp }
        : {}),
      ...(record.payloadHash ? { payloadHash: record.payloadHash } : {}),
      ...(record.responseData !== undefined ? { response: record.responseData } : {}),
    };
  }
}

function toRecord(item: StoredRecord): IdempotencyRecord {
  return new IdempotencyRecord({
    idempotencyKey: item.sk,
    status: item.status,
    ...(item.expiresAt !== undefined ? { expiryTimestamp: item.expiresAt } : {}),
    ...(item.inProgressExpiresAt !== undefined
      ? { inProgressExpiryTimestamp: item.inProgressExpiresAt }
      : {}),
    ...(item.payloadHash !== undefined ? { payloadHash: item.payloadHash } : {}),
    ...(item.response !== undefined ? { responseData: item.response as never } : {}),
  });
}
