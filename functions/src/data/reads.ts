import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import type { CompletedDayItem, CustomActivityItem, PlannedItem, ProfileItem, WeekItem } from './items';
import { CUSTOM_PREFIX, completedDaySk, PROFILE_SK, userPk, weekSk } from './keys';
import { byCodeUnit } from './order';

/** Every read is a GetItem or a Query inside the user's partition: Bloom never scans. */

export async function getProfile(userId: string): Promise<ProfileItem | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: PROFILE_SK } }),
  );
  return result.Item as ProfileItem | undefined;
}

/** The week item (edit counter) and its planned activities, in one Query. */
export async function queryWeek(
  userId: string,
  weekStart: string,
): Promise<{ week?: WeekItem; planned: PlannedItem[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :week)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':week': weekSk(weekStart) },
  });
  const week = items.find((item) => item.sk === weekSk(weekStart)) as WeekItem | undefined;
  const planned = items.filter((item) => item.sk !== weekSk(weekStart)) as unknown as PlannedItem[];
  planned.sort((a, b) => byCodeUnit(a.createdAt, b.createdAt) || byCodeUnit(a.id, b.id));
  return { week, planned };
}

/** Completed days between two ISO dates, inclusive. */
export async function queryCompletedDays(
  userId: string,
  from: string,
  to: string,
): Promise<CompletedDayItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': userPk(userId),
      ':from': completedDaySk(from),
      ':to': completedDaySk(to),
    },
  });
  return items as unknown as CompletedDayItem[];
}

/**
 * The week items and planned activities of every week starting from `fromWeek` to `toDate`, in one Query: a
 * week's items sort under `WEEK#{weekStart}`, and `~` sorts after every `#` suffix of the last one.
 */
export async function queryWeeksBetween(
  userId: string,
  fromWeek: string,
  toDate: string,
): Promise<Array<WeekItem | PlannedItem>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': userPk(userId),
      ':from': weekSk(fromWeek),
      ':to': `${weekSk(toDate)}~`,
    },
  });
  return items as unknown as Array<WeekItem | PlannedItem>;
}

export async function queryCustomActivities(userId: string): Promise<CustomActivityItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :custom)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':custom': CUSTOM_PREFIX },
  });
  return items as unknown as CustomActivityItem[];
}

/**
 * Every item in her partition, page by page (LastEvaluatedKey) until the last: what exporting and deleting her
 * account read, so that an item kind added later is never left out.
 */
export async function queryPartition(userId: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': userPk(userId) },
    ConsistentRead: true,
  });
}

export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
