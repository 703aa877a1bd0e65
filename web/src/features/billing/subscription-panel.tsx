import { REFUND_WINDOW_DAYS } from '@bloom/shared/billing/checkout';
import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { isLiveSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/button';
import { newActionKey } from '../../lib/api';
import { planLine } from './subscription-copy';
import styles from './subscription-panel.module.css';
import { useOpenPortal, useRequestRefund } from './use-billing-actions';

interface SubscriptionPanelProps {
  tier: Tier;
  subscription: SubscriptionSummary | null;
  /** Called before leaving for /pricing (a dialog closes itself). */
  onLeave?(): void;
  /** The planner's top bar: the plan and its one action, without the guarantee. */
  compact?: boolean;
}

/**
 * Her plan in the account menu: the free plan links to Plans and billing; a subscription (Pro, or one Stripe
 * still bills) opens the customer portal, and Pro offers the money-back guarantee.
 */
export function SubscriptionPanel({ tier, subscription, onLeave, compact = false }: SubscriptionPanelProps) {
  const portal = useOpenPortal();
  const refund = useRequestRefund();
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const manages = tier === 'pro' || isLiveSubscriptionStatus(subscription?.status);
  const offersRefund = tier === 'pro' && !compact;

  return (
    <section
      className={clsx(styles.panel, compact && styles.compact)}
      aria-label={say('billing.panel.label')}
    >
      <p className={styles.line}>{planLine(intl, tier, subscription)}</p>
      {manages ? (
        <Button
          variant={compact ? 'ghost' : 'secondary'}
          size={compact ? 'small' : 'medium'}
          fullWidth={!compact}
          busy={portal.isPending}
          busyText={say('billing.opening')}
          onClick={() => portal.mutate(newActionKey())}
        >
          <FormattedMessage id="billing.manage" />
        </Button>
      ) : (
        <ButtonLink
          to="/pricing"
          variant={compact ? 'ghost' : 'secondary'}
          size={compact ? 'small' : 'medium'}
          fullWidth={!compact}
          onClick={onLeave}
        >
          <FormattedMessage id="billing.plansAndBilling" />
        </ButtonLink>
      )}
      {offersRefund && !confirmingRefund ? (
        <Button variant="link" size="small" onClick={() => setConfirmingRefund(true)}>
          <FormattedMessage id="billing.guarantee" values={{ days: REFUND_WINDOW_DAYS }} />
        </Button>
      ) : null}
      {offersRefund && confirmingRefund ? (
        <fieldset className={styles.refund}>
          <legend className="visually-hidden">
            <FormattedMessage id="billing.guarantee.legend" />
          </legend>
          <p>
            <FormattedMessage id="billing.refund.explained" values={{ days: REFUND_WINDOW_DAYS }} />
          </p>
          <Button
            variant="secondary"
            size="small"
            busy={refund.isPending}
            busyText={say('billing.refund.busy')}
            onClick={() => refund.mutate(newActionKey(), { onSettled: () => setConfirmingRefund(false) })}
          >
            <FormattedMessage id="billing.refund.confirm" />
          </Button>
          <Button variant="ghost" size="small" onClick={() => setConfirmingRefund(false)}>
            <FormattedMessage id="billing.refund.keep" />
          </Button>
        </fieldset>
      ) : null}
    </section>
  );
}
