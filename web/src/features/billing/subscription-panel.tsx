import { REFUND_WINDOW_DAYS } from '@bloom/shared/billing/checkout';
import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { isLiveSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { useState } from 'react';
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
  const [confirmingRefund, setConfirmingRefund] = useState(false);
  const manages = tier === 'pro' || isLiveSubscriptionStatus(subscription?.status);
  const offersRefund = tier === 'pro' && !compact;

  return (
    <section className={clsx(styles.panel, compact && styles.compact)} aria-label="Your plan">
      <p className={styles.line}>{planLine(tier, subscription)}</p>
      {manages ? (
        <Button
          variant={compact ? 'ghost' : 'secondary'}
          size={compact ? 'small' : 'medium'}
          fullWidth={!compact}
          busy={portal.isPending}
          busyText="Opening..."
          onClick={() => portal.mutate(newActionKey())}
        >
          Manage subscription
        </Button>
      ) : (
        <ButtonLink
          to="/pricing"
          variant={compact ? 'ghost' : 'secondary'}
          size={compact ? 'small' : 'medium'}
          fullWidth={!compact}
          onClick={onLeave}
        >
          Plans and billing
        </ButtonLink>
      )}
      {offersRefund && !confirmingRefund ? (
        <Button variant="link" size="small" onClick={() => setConfirmingRefund(true)}>
          {REFUND_WINDOW_DAYS}-day money-back guarantee
        </Button>
      ) : null}
      {offersRefund && confirmingRefund ? (
        <fieldset className={styles.refund}>
          <legend className="visually-hidden">Money-back guarantee</legend>
          <p>
            Within {REFUND_WINDOW_DAYS} days of your first payment, Bloom cancels Pro now and refunds your
            latest payment in full.
          </p>
          <Button
            variant="secondary"
            size="small"
            busy={refund.isPending}
            busyText="Refunding..."
            onClick={() => refund.mutate(newActionKey(), { onSettled: () => setConfirmingRefund(false) })}
          >
            Refund and cancel Pro
          </Button>
          <Button variant="ghost" size="small" onClick={() => setConfirmingRefund(false)}>
            Keep Pro
          </Button>
        </fieldset>
      ) : null}
    </section>
  );
}
