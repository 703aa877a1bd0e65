import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import { getIdToken } from '../../lib/auth';
import type { BillingPlan } from '../../lib/storage';

/**
 * Asks the API for a Stripe Checkout session for this plan and returns its URL. Throws an Error whose message
 * is the one to show after "Error creating checkout: ".
 */
export async function createCheckout(plan: BillingPlan): Promise<string> {
  const token = await getIdToken();
  if (!token) throw new Error(CLIENT_MESSAGES.notAuthenticated);
  let response: Response;
  try {
    response = await fetch('/api/billing/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ plan }),
    });
  } catch {
    throw new Error(CLIENT_MESSAGES.network);
  }
  const body = (await response.json().catch(() => null)) as {
    url?: unknown;
    error?: { message?: unknown };
  } | null;
  if (!response.ok) {
    if (response.status === 429) throw new Error(CLIENT_MESSAGES.tooManyRequests);
    const message = body?.error?.message;
    throw new Error(typeof message === 'string' && message ? message : CLIENT_MESSAGES.unexpected);
  }
  if (typeof body?.url !== 'string' || !body.url) throw new Error(CLIENT_MESSAGES.noCheckoutUrl);
  return body.url;
}
