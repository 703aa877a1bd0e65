import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { paymentFailed } from '@bloom/shared/billing/subscription';
import { Button } from '../../components/button';
import { newActionKey } from '../../lib/api';
import { FINISHING_UPGRADE, PAYMENT_BEING_CONFIRMED, PAYMENT_FAILED } from './subscription-copy';
import { useOpenPortal } from './use-billing-actions';
import { useCheckoutReturn } from './use-checkout-return';
import './billing.css';

interface BillingNoticesProps {
  subscription: SubscriptionSummary | null;
  /** The Checkout Session she just came back from, if she did. */
  checkoutSessionId: string | null;
}

/** What billing has to say above the planner: an upgrade being finished, or a card to update. */
export function BillingNotices({ subscription, checkoutSessionId }: BillingNoticesProps) {
  const checkout = useCheckoutReturn(checkoutSessionId);
  const portal = useOpenPortal();

  if (checkout !== 'done') {
    return (
      <div className="billing-notice" role="status">
        {checkout === 'finishing' ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {FINISHING_UPGRADE}
          </>
        ) : (
          PAYMENT_BEING_CONFIRMED
        )}
      </div>
    );
  }
  if (!paymentFailed(subscription)) return null;
  return (
    <div className="billing-notice" role="status">
      <span>{PAYMENT_FAILED}</span>
      <Button
        variant="link"
        busy={portal.isPending}
        busyText="Opening..."
        onClick={() => portal.mutate(newActionKey())}
      >
        Update card
      </Button>
    </div>
  );
}
