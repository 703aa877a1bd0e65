import { PLANS, type Plan } from '@bloom/shared/billing/plans';
import { clsx } from 'clsx';
import styles from './plan-toggle.module.css';
import { PLAN_DETAILS } from './plans';

/** Monthly / Yearly as a radio group: arrow keys move between the two, as screen readers expect. */
export function PlanToggle({ plan, onChange }: { plan: Plan; onChange(plan: Plan): void }) {
  return (
    <fieldset className={styles.toggle}>
      <legend className="visually-hidden">Billing period</legend>
      {PLANS.map((option) => (
        <label key={option} className={clsx(styles.option, plan === option && styles.active)}>
          <input
            type="radio"
            name="billing-period"
            value={option}
            checked={plan === option}
            onChange={() => onChange(option)}
          />
          {PLAN_DETAILS[option].label}
        </label>
      ))}
      <span className={styles.badge}>Save 40% on yearly</span>
    </fieldset>
  );
}
