import { PLANS, type Plan } from '@bloom/shared/billing/plans';
import { clsx } from 'clsx';
import { FormattedMessage } from 'react-intl';
import { usePlanPrices } from '../../components/prices';
import styles from './plan-toggle.module.css';

/** Monthly / Yearly as a radio group: arrow keys move between the two, as screen readers expect. */
export function PlanToggle({ plan, onChange }: { plan: Plan; onChange(plan: Plan): void }) {
  const prices = usePlanPrices();
  return (
    <fieldset className={styles.toggle}>
      <legend className="visually-hidden">
        <FormattedMessage id="pricing.toggle.legend" />
      </legend>
      {PLANS.map((option) => (
        <label key={option} className={clsx(styles.option, plan === option && styles.active)}>
          <input
            type="radio"
            name="billing-period"
            value={option}
            checked={plan === option}
            onChange={() => onChange(option)}
          />
          <FormattedMessage id={`pricing.plan.${option}.label`} />
        </label>
      ))}
      <span className={styles.badge}>
        <FormattedMessage id="pricing.toggle.badge" values={{ percent: prices.yearlySavingPercent }} />
      </span>
    </fieldset>
  );
}
