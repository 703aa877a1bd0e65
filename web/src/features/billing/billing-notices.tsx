import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { paymentFailed } from '@bloom/shared/billing/subscription';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { newActionKey } from '../../lib/api';
import styles from './billing-notices.module.css';
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
  const intl = useIntl();

  if (checkout !== 'done') {
    return (
      <div className={styles.notice} role="status">
        {checkout === 'finishing' ? (
          <>
            <Spinner />
            <FormattedMessage id="billing.checkout.finishing" />
          </>
        ) : (
          <FormattedMessage id="billing.checkout.confirming" />
        )}
      </div>
    );
  }
  if (!paymentFailed(subscription)) return null;
  return (
    <div className={styles.notice} role="status">
      <span>
        <FormattedMessage id="billing.paymentFailed" />
      </span>
      <Button
        variant="link"
        busy={portal.isPending}
        busyText={intl.formatMessage({ id: 'billing.opening' })}
        onClick={() => portal.mutate(newActionKey())}
      >
        <FormattedMessage id="billing.updateCard" />
      </Button>
    </div>
  );
}
