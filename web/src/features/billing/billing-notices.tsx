import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { paymentFailed } from '@bloom/shared/billing/subscription';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { newActionKey } from '../../lib/api';
import styles from './billing-notices.module.css';
import { FINISHING_UPGRADE, PAYMENT_BEING_CONFIRMED, PAYMENT_FAILED } from './subscription-copy';
import { useOpenPortal } from './use-billing-actions';
import { useCheckoutReturn } from './use-checkout-return';

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
      <div className={styles.notice} role="status">
        {checkout === 'finishing' ? (
          <>
            <Spinner />
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
    <div className={styles.notice} role="status">
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
