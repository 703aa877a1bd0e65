import type { Plan } from '@bloom/shared/billing/plans';
import { stripe } from './stripe-client';

/**
 * Bloom Pro's prices are found by lookup key, not by configured ids: a new price (a changed amount) takes over
 * by moving the key to it in Stripe (`transfer_lookup_key`), with no deploy. infra/README.md says how to set
 * the keys up.
 */
export const PRICE_LOOKUP_KEYS: Readonly<Record<Plan, string>> = {
  monthly: 'bloom_pro_monthly',
  yearly: 'bloom_pro_yearly',
};

/** The plan a price stands for, from its lookup key; null for a price Bloom does not sell (any more). */
export function planOfLookupKey(lookupKey: string | null | undefined): Plan | null {
  const entry = Object.entries(PRICE_LOOKUP_KEYS).find(([, key]) => key === lookupKey);
  return entry ? (entry[0] as Plan) : null;
}

/** The id of the active price that holds the plan's lookup key right now. */
export async function priceIdFor(plan: Plan): Promise<string> {
  const lookupKey = PRICE_LOOKUP_KEYS[plan];
  const prices = await (await stripe()).prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = prices.data[0];
  // A missing key is a setup mistake in Stripe, not something the caller did: it is logged as an outage.
  if (!price) throw new Error(`No active Stripe price has the lookup key ${lookupKey}`);
  return price.id;
}
