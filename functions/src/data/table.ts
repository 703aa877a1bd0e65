import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * Bloom keeps everything in one DynamoDB table. This definition is the only one: the CDK stack and the local
 * cloud (DynamoDB Local, tests) both build the table from it.
 *
 * Key design (pk = `USER#{sub}` for everything a user owns; sub comes only from the verified token):
 *
 * | item                  | pk            | sk                              | attributes                                  |
 * | --------------------- | ------------- | ------------------------------- | ------------------------------------------- |
 * | profile               | USER#{sub}    | PROFILE                         | email, name, avatarUrl, timeZone, tier, quizAnswers |
 * | week                  | USER#{sub}    | WEEK#{weekStart}                | edits (atomic counter), seededAt            |
 * | planned activity      | USER#{sub}    | WEEK#{weekStart}#ACT#{id}       | activityId, day, slot, name, icon, duration, category, isCustom, completedAt |
 * | completed day         | USER#{sub}    | DAY#{yyyy-mm-dd}                | weekStart, day, completedAt                 |
 * | custom activity       | USER#{sub}    | CUSTOM#{id}                     | name, category, duration, icon, nameKey     |
 * | custom name guard     | USER#{sub}    | CUSTOMNAME#{lowercased name}    | activityId (makes names unique: 409)        |
 * | daily custom counter  | USER#{sub}    | DAILY#{yyyy-mm-dd}              | created (atomic counter), expiresAt (TTL)   |
 * | idempotency record    | USER#{sub}    | IDEMPOTENCY#{hash}              | status, response, expiresAt (TTL, 24 h)     |
 * | coach items           | USER#{sub}    | COACH#…, CHAT#…, COACHLOCK      | see coach/keys.ts; expiresAt (TTL) on each  |
 *
 * Access patterns: see README.md ("Data: one table"), which lists the request that serves each screen.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes items after this time. */
  timeToLive: 'expiresAt',
} as const;

export const TABLE_BASE_NAME = 'bloom';

/** CreateTable input for DynamoDB Local and tests; the CDK stack maps the same keys onto its Table construct. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' },
      { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
  };
}
