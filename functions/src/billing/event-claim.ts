import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../data/client';
import { EVENT_RETENTION_SECONDS, EVENT_SK, stripeEventPk } from './keys';

/**
 * The idempotency record of a Stripe event. A delivery claims the event before working on it, and a claim is
 * final once marked processed: a duplicate delivery (Stripe sends some twice, and retries) finds it and does
 * nothing. A claim that was never marked (the function timed out mid-way) lapses after CLAIM_LEASE_MS, so a
 * retry can take it over; a claim whose work failed is released at once for Stripe's retry.
 */

/** Longer than the webhook function's timeout: a claim older than this has no one working on it. */
export const CLAIM_LEASE_MS = 60_000;

export interface EventClaim {
  eventId: string;
  claimedAt: string;
}

/** Claims the event; undefined when it was processed before or another delivery is working on it now. */
export async function claimEvent(
  event: { id: string; type: string },
  customerId: string,
  now: Date,
): Promise<EventClaim | undefined> {
  const claimedAt = now.toISOString();
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: stripeEventPk(event.id),
          sk: EVENT_SK,
          type: event.type,
          customerId,
          claimedAt,
          expiresAt: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR (attribute_not_exists(processedAt) AND claimedAt < :lapsed)',
        ExpressionAttributeValues: { ':lapsed': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() },
      }),
    );
    return { eventId: event.id, claimedAt };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export async function markProcessed(claim: EventClaim, now: Date): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: stripeEventPk(claim.eventId), sk: EVENT_SK },
      UpdateExpression: 'SET processedAt = :now',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/** Gives the event back for Stripe's retry, unless another delivery has taken it over meanwhile. */
export async function releaseClaim(claim: EventClaim): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: stripeEventPk(claim.eventId), sk: EVENT_SK },
        ConditionExpression: 'claimedAt = :mine AND attribute_not_exists(processedAt)',
        ExpressionAttributeValues: { ':mine': claim.claimedAt },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
