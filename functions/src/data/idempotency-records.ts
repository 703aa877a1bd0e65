import {
  IdempotencyItemAlreadyExistsError,
  IdempotencyItemNotFoundError,
} from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { IdempotencyTable, StoredIdempotencyRecord } from './idempotency-table';
import { userPk } from './keys';

/**
 * Powertools' idempotency records kept in the caller's own partition (pk `USER#{sub}`, sk
 * `IDEMPOTENCY#<hash>`, docs/rules.md#outages), not in one partition per function as its DynamoDB layer with a
 * sort key would: the records spread with the users, and go when her account's items go. One instance serves one
 * request of one person. Its table operations are idempotency-table.ts's.
 */
export class UserPartitionIdempotencyRecords extends BasePersistenceLayer {
  readonly #pk: string;
  readonly #table: IdempotencyTable;

  constructor(userId: string, table: IdempotencyTable) {
    super();
    this.#pk = userPk(userId);
    this.#table = table;
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const item = await this.#table.get(this.#key(idempotencyKey));
    if (!item) throw new IdempotencyItemNotFoundError(`No record for ${idempotencyKey}`);
    return toRecord(item);
  }

  /** Claims the key unless a live record holds it: an unexpired answer, or a request still in progress. */
  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const outcome = await this.#table.claim(this.#item(record));
    if (outcome.claimed) return;
    const existing = outcome.existing ? toRecord(outcome.existing) : undefined;
    throw new IdempotencyItemAlreadyExistsError(`The key ${record.idempotencyKey} is taken`, existing);
  }

  /** The finished answer replaces the claim: one Put, so the function needs no UpdateItem for it. */
  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    await this.#table.replace(this.#item(record));
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await this.#table.delete(this.#key(record.idempotencyKey));
  }

  #key(idempotencyKey: string) {
    return { pk: this.#pk, sk: idempotencyKey };
  }

  #item(record: IdempotencyRecord): StoredIdempotencyRecord {
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

function toRecord(item: StoredIdempotencyRecord): IdempotencyRecord {
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
