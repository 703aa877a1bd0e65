import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { documentClient, tableName } from '../data/client';
import { PROFILE_SK, userPk } from '../data/keys';
import { TransactionRefused, transactWriteNamed } from '../data/transact';
import { logger } from '../observability';
import {
  CUSTOMER_SK,
  type CustomerLookupItem,
  EVENT_RETENTION_SECONDS,
  EVENT_SK,
  stripeCustomerPk,
  stripeEventPk,
} from './keys';
import { stripe } from './stripe-client';
import { idOf, type SubscriptionState, subscriptionState } from './subscription-state';

/** What became of an event: applied to a profile, seen before, older than what the profile holds, or not ours. */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * Applies one verified Stripe event. Each event changes the profile at most once: the event's id is recorded in
 * the same transaction as the change, and a replay finds it there.
 */
export async function applyStripeEvent(event: Stripe.Event, now: Date): Promise<EventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      return applyCompletedCheckout(event, event.data.object, now);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscriptionChange(event, event.data.object, now);
    default:
      return 'ignored';
  }
}

async function applyCompletedCheckout(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<EventOutcome> {
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const subscriptionId = idOf(session.subscription);
  if (session.mode !== 'subscription' || !userId || !subscriptionId) {
    logger.warn('Checkout session is not a Bloom subscription', { sessionId: session.id });
    return 'ignored';
  }
  if (await seenBefore(event.id)) return 'duplicate';
  // The session only names the subscription; its state right now is what counts, whatever order events arrive in.
  const subscription = await (await stripe()).subscriptions.retrieve(subscriptionId);
  return record(event, userId, subscriptionState(subscription), now, { withLookup: true });
}

async function applySubscriptionChange(
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  now: Date,
): Promise<EventOutcome> {
  const state = subscriptionState(subscription);
  const userId = (await userForCustomer(state.customerId)) ?? subscription.metadata?.userId;
  if (!userId) {
    logger.warn('Subscription event for a customer Bloom does not know', { customerId: state.customerId });
    return 'ignored';
  }
  if (await seenBefore(event.id)) return 'duplicate';
  return record(event, userId, state, now, { withLookup: false });
}

async function seenBefore(eventId: string): Promise<boolean> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: stripeEventPk(eventId), sk: EVENT_SK },
      ProjectionExpression: 'pk',
    }),
  );
  return result.Item !== undefined;
}

async function userForCustomer(customerId: string): Promise<string | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: stripeCustomerPk(customerId), sk: CUSTOMER_SK } }),
  );
  return (result.Item as CustomerLookupItem | undefined)?.userId;
}

/**
 * One transaction: the event's idempotency record, the profile's subscription fields and, after a checkout,
 * the customer→user lookup. The profile changes only if this event is not older than the last one applied,
 * and only if it concerns the subscription on record, unless it makes the user Pro (a new subscription).
 */
async function record(
  event: Stripe.Event,
  userId: string,
  state: SubscriptionState,
  now: Date,
  options: { withLookup: boolean },
): Promise<EventOutcome> {
  const table = tableName();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const conditions = ['(attribute_not_exists(subscriptionEventAt) OR subscriptionEventAt <= :eventAt)'];
  if (state.tier !== 'pro') {
    conditions.push('(attribute_not_exists(subscriptionId) OR subscriptionId = :subscriptionId)');
  }
  try {
    await transactWriteNamed({
      eventRecord: {
        Put: {
          TableName: table,
          Item: {
            pk: stripeEventPk(event.id),
            sk: EVENT_SK,
            type: event.type,
            userId,
            receivedAt: now.toISOString(),
            expiresAt: nowSeconds + EVENT_RETENTION_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      profile: {
        Update: {
          TableName: table,
          Key: { pk: userPk(userId), sk: PROFILE_SK },
          UpdateExpression:
            'SET tier = :tier, stripeCustomerId = :customerId, subscriptionId = :subscriptionId, ' +
            'subscriptionStatus = :status, currentPeriodEnd = :periodEnd, subscriptionEventAt = :eventAt, ' +
            'updatedAt = :now',
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeValues: {
            ':tier': state.tier,
            ':customerId': state.customerId,
            ':subscriptionId': state.subscriptionId,
            ':status': state.status,
            ':periodEnd': state.currentPeriodEnd,
            ':eventAt': event.created,
            ':now': now.toISOString(),
          },
        },
      },
      customerLookup: options.withLookup
        ? {
            Put: {
              TableName: table,
              Item: {
                pk: stripeCustomerPk(state.customerId),
                sk: CUSTOMER_SK,
                userId,
                createdAt: now.toISOString(),
              } satisfies CustomerLookupItem,
            },
          }
        : undefined,
    });
    logger.info('Applied Stripe event', { eventId: event.id, type: event.type, status: state.status });
    return 'applied';
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.conditionFailedOn('eventRecord')) return 'duplicate';
    logger.info('Stripe event is older than the profile or concerns another subscription', {
      eventId: event.id,
    });
    return 'stale';
  }
}
