import type { CheckoutResponse } from '@bloom/shared/billing/checkout';
import type { Plan } from '@bloom/shared/billing/plans';
import { isLiveSubscriptionStatus } from '@bloom/shared/billing/subscription';
import { DEFAULT_LOCALE } from '@bloom/shared/i18n/locales';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { checkoutSessionFor } from './checkout-session';
import { ensureCustomer } from './customer';
import { portalUrl } from './portal';
import { askStripe } from './stripe-errors';
import { syncSubscription } from './sync';

/**
 * Where her Upgrade leads. A subscription that is still live (active, trialing, past due, unpaid) must never
 * get a second one beside it, so she goes to the customer portal instead; otherwise to the one Checkout
 * Session she may pay in (checkout-session.ts). Whether she has a live subscription is asked of Stripe, not
 * read from the profile: a payment whose events are still on their way must count too. A subscription still
 * `incomplete` is a first payment going through (a bank debit takes days, and Stripe ends one that fails as
 * `incomplete_expired`): a second checkout would charge her twice once it clears, so it is refused
 * (docs/rules.md#billing-states).
 */
export async function createCheckout(caller: Caller, plan: Plan, now: Date): Promise<CheckoutResponse> {
  const profile = await getProfile(caller.userId);
  refuseWhileDeleting(profile);
  // Pro given outside Stripe (no customer): there is nothing to buy and nothing to manage.
  if (profile?.tier === 'pro' && !profile.stripeCustomerId) throw new DomainError('already_pro');
  return askStripe('checkout', async () => {
    const customerId = await ensureCustomer(caller, profile, now);
    if (profile?.stripeCustomerId) {
      const synced = await syncSubscription(customerId);
      const status = synced?.subscription?.status;
      if (isLiveSubscriptionStatus(status))
        return { url: await portalUrl(customerId), destination: 'portal' };
      if (status === 'incomplete') throw new DomainError('payment_pending');
    }
    const session = await checkoutSessionFor(
      caller.userId,
      customerId,
      plan,
      profile?.locale ?? DEFAULT_LOCALE,
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
    return { url: session.url, destination: 'checkout' };
  });
}
