import type { CalendarLinkResponse } from '@bloom/shared/api/schemas';
import { refuseWhileDeleting } from '../account/deletion-mark';
import { tableName } from '../data/client';
import { CALENDAR_TOKEN_SK, calendarTokenPk, PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { transactWrite } from '../data/transact';
import { retryWhenRefused } from '../planner/day-guard';
import { feedPath, hashCalendarToken, newCalendarToken } from './token';

/**
 * "Add to calendar" (docs/rules.md#calendar-feed): a new private feed address. One transaction stores the new
 * token's lookup, puts its hash on her profile on condition that the profile still names the token read, and
 * deletes the old token's lookup: the old address answers 404 from then on. The token itself is returned once
 * and never stored.
 */
export async function createCalendarLink(userId: string, now: Date): Promise<CalendarLinkResponse> {
  return retryWhenRefused(async () => {
    const profile = await getProfile(userId);
    // A lookup made now would outlive the deletion that has already removed her others.
    refuseWhileDeleting(profile);
    const old = profile?.calendarTokenHash;
    const token = newCalendarToken();
    const hash = hashCalendarToken(token);
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { pk: calendarTokenPk(hash), sk: CALENDAR_TOKEN_SK, userId, createdAt: now.toISOString() },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: { pk: userPk(userId), sk: PROFILE_SK },
            UpdateExpression: 'SET calendarTokenHash = :hash',
            ConditionExpression:
              old === undefined ? 'attribute_not_exists(calendarTokenHash)' : 'calendarTokenHash = :old',
            ExpressionAttributeValues: { ':hash': hash, ...(old === undefined ? {} : { ':old': old }) },
          },
        },
        ...(old === undefined
          ? []
          : [
              {
                Delete: { TableName: tableName(), Key: { pk: calendarTokenPk(old), sk: CALENDAR_TOKEN_SK } },
              },
            ]),
      ],
    });
    return { path: feedPath(token) };
  });
}
