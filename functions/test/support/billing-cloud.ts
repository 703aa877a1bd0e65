import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { billingEnvironment } from '@bloom/scripts/local-cloud/stripe/billing-secret';
import {
  type StripeEmulator,
  type StripeEmulatorOptions,
  startStripeEmulator,
} from '@bloom/scripts/local-cloud/stripe/emulator';
import type { StripeEvent, Subscription } from '@bloom/scripts/local-cloud/stripe/objects';
import type { Profile } from '@bloom/shared/api/schemas';
import type { CheckoutResponse } from '@bloom/shared/billing/checkout';
import type { Plan } from '@bloom/shared/billing/plans';
import Stripe from 'stripe';
import { expect, vi } from 'vitest';
import type { ProfileItem } from '../../src/data/items';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './planner-cloud';

export interface BillingCloud extends PlannerCloud {
  stripe: StripeEmulator;
  webhookUrl: string;
  /** A Stripe SDK client for the emulator, acting as a developer's script or Stripe's dashboard would. */
  admin: Stripe;
  /** The profile item as stored (subscription fields, sync tickets). */
  storedProfile(user: TestUser): Promise<ProfileItem>;
  /** GET /api/me. */
  profile(user: TestUser): Promise<Profile>;
  /** POST /api/billing/checkout, expecting 200. */
  checkout(user: TestUser, plan: Plan): Promise<CheckoutResponse & { sessionId: string }>;
  /** Pays on the hosted Checkout page, as the browser posts its form; the 303 back to the app, or the page. */
  pay(url: string, card?: string): Promise<Response>;
  /** Checkout and payment, then every webhook delivered: she is Pro. */
  subscribe(user: TestUser, plan?: Plan): Promise<{ customerId: string; subscription: Subscription }>;
  customerOf(user: TestUser): Promise<string>;
  /** The customer's subscriptions in the emulator, newest first. */
  subscriptionsOf(customerId: string): Subscription[];
  eventsFor(customerId: string, type?: string): StripeEvent[];
  /** Waits until every webhook is delivered (or has given up). */
  settle(): Promise<void>;
  /** Every API request the emulator has answered, as `GET /v1/subscriptions?...` (what Bloom asked of Stripe). */
  stripeCalls: string[];
  /** Opens a customer-portal link as the browser does: the page's HTML. */
  portalPage(url: string): Promise<string>;
  /** Presses a button of the portal page (a form post) and follows its redirect back to the page. */
  portalAction(url: string, fields: Record<string, string>): Promise<string>;
  /** POST /api/billing/portal, expecting 200: her portal link. */
  portalOf(user: TestUser): Promise<string>;
  /**
   * Stripe's "Run simulation", as a developer does it through the API: her customer, and all of hers, moves
   * onto a new test clock that starts now. Returns the clock's id.
   */
  simulate(customerId: string): Promise<string>;
  /** Advances a test clock to `to` (Unix seconds), waits until Stripe says it is ready, then for every webhook. */
  advanceClock(clockId: string, to: number): Promise<void>;
}

/** When a subscription's current period ends, in milliseconds. */
export const periodEndOf = (subscription: { items: { data: { current_period_end: number }[] } }) =>
  (subscription.items.data[0]?.current_period_end ?? 0) * 1000;

/**
 * The planner cloud with a Stripe emulator that delivers its webhooks to it, as `npm start` wires them: the
 * billing handlers run in this process and find the emulator through the environment, as a Lambda container
 * finds Stripe. Webhooks are as Stripe sends them unless the options say otherwise: after the redirect, after
 * a delay, shuffled, sometimes twice.
 */
export async function startBillingCloud(
  options: {
    stripe?: StripeEmulatorOptions;
    tokenLifetimeSeconds?: number;
    dynamodbEndpoint?: string;
    tableWaitBudgetMs?: number;
  } = {},
): Promise<BillingCloud> {
  const planner = await startPlannerCloud({
    ...(options.tokenLifetimeSeconds ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}),
    ...(options.dynamodbEndpoint ? { dynamodbEndpoint: options.dynamodbEndpoint } : {}),
    ...(options.tableWaitBudgetMs ? { tableWaitBudgetMs: options.tableWaitBudgetMs } : {}),
  });
  const webhookUrl = `${planner.cloud.url}/api/billing/webhook`;
  const stripeCalls: string[] = [];
  const stripe = await startStripeEmulator({
    webhookUrl,
    ...options.stripe,
    log: (line) => {
      const [, method, path] = line.split(' ');
      if (path?.startsWith('/v1/')) stripeCalls.push(`${method} ${path}`);
    },
  });
  // The handlers run in this process, as in a Lambda container: they read their configuration from here, and
  // the emulator's keys from the local Secrets Manager, as the stack lays them out in AWS.
  Object.assign(process.env, billingEnvironment(stripe, planner.cloud.secretsManager), {
    APP_URL: planner.cloud.url,
  });
  const base = new URL(stripe.url);
  const admin = new Stripe(stripe.keys.secretKey, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: planner.cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );

  const storedProfile = async (user: TestUser) => {
    const result = await table.send(
      new GetCommand({
        TableName: planner.cloud.tableName,
        Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' },
        ConsistentRead: true,
      }),
    );
    return (result.Item ?? {}) as ProfileItem;
  };
  const checkout = async (user: TestUser, plan: Plan) => {
    const response = await user.call<CheckoutResponse>('POST', '/api/billing/checkout', { plan });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const sessionId = new URL(response.body.url).pathname.split('/').at(-1) as string;
    return { ...response.body, sessionId };
  };
  const pay = (url: string, card = '4242 4242 4242 4242') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: card,
        expiry: '12 / 34',
        cvc: '123',
        name: 'Maya Lind',
      }).toString(),
      redirect: 'manual',
    });
  const subscriptionsOf = (customerId: string) => stripe.account.subscriptionsOf(customerId);
  const settle = async () => {
    await stripe.webhooks?.idle();
  };
  const customerOf = async (user: TestUser) => {
    const customerId = (await storedProfile(user)).stripeCustomerId;
    if (!customerId) throw new Error(`${user.email} has no Stripe customer`);
    return customerId;
  };

  return {
    ...planner,
    stripe,
    webhookUrl,
    admin,
    storedProfile,
    profile: async (user) => (await user.call<Profile>('GET', '/api/me')).body,
    checkout,
    pay,
    async subscribe(user, plan = 'monthly') {
      const { url } = await checkout(user, plan);
      const paid = await pay(url);
      expect(paid.status).toBe(303);
      await settle();
      const customerId = await customerOf(user);
      const [subscription] = subscriptionsOf(customerId);
      if (!subscription) throw new Error('No subscription after paying');
      return { customerId, subscription };
    },
    customerOf,
    subscriptionsOf,
    eventsFor: (customerId, type) =>
      stripe.account.data.events.filter((event) => {
        const object = event.data.object as { customer?: string };
        return object.customer === customerId && (!type || event.type === type);
      }),
    settle,
    stripeCalls,
    async portalPage(url) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      return page.text();
    },
    async portalAction(url, fields) {
      const posted = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      expect(posted.status, await posted.clone().text()).toBe(303);
      const page = await fetch(new URL(posted.headers.get('location') as string, url));
      expect(page.status).toBe(200);
      return page.text();
    },
    async simulate(customerId) {
      const clock = await admin.testHelpers.testClocks.create({
        // A few seconds ahead: a clock may not start before her objects' own time, which moves on while a busy
        // machine sends the request.
        frozen_time: Math.floor(Date.now() / 1000) + 5,
        customer: customerId,
      });
      return clock.id;
    },
    async advanceClock(clockId, to) {
      await admin.testHelpers.testClocks.advance(clockId, { frozen_time: to });
      // Advancing takes a while at Stripe too: done once the clock is ready again.
      await vi.waitFor(
        async () => {
          const clock = await admin.testHelpers.testClocks.retrieve(clockId);
          if (clock.status !== 'ready') throw new Error(`${clockId} is still ${clock.status}`);
        },
        { timeout: 30_000, interval: 50 },
      );
      await settle();
    },
    async portalOf(user) {
      const response = await user.call<{ url: string }>('POST', '/api/billing/portal');
      expect(response.status).toBe(200);
      return response.body.url;
    },
    async stop() {
      await stripe.stop();
      await planner.stop();
    },
  };
}
