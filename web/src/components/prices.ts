import { PLAN_PRICES, type Plan } from '@bloom/shared/billing/plans';
import { useIntl } from 'react-intl';

/** Days a plan's price is spread over for "That's about €0.23/day". */
const DAYS_IN: Record<Plan, number> = { monthly: 30, yearly: 365 };

/**
 * Bloom Pro's prices in her language, from the one place they are set (`PLAN_PRICES`, in cents), through Intl
 * (docs/rules.md#languages): "€6.99" in English, "6,99 €" in German, French and Spanish. Messages take them as
 * arguments, so no price is ever typed into a translation.
 */
export interface PlanPrices {
  /** The plan's price: "€6.99", "€49.99". */
  price(plan: Plan): string;
  /** Its price per day, to the cent: "€0.23", "€0.14". */
  perDay(plan: Plan): string;
  /** What a year of yearly saves against twelve months of monthly: "€33.89". */
  yearlySaving: string;
  /** The same as a share of twelve months, rounded down: "40%". */
  yearlySavingPercent: string;
}

export function usePlanPrices(): PlanPrices {
  const intl = useIntl();
  const money = (cents: number, plan: Plan) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency: PLAN_PRICES[plan].currency.toUpperCase() });
  const twelveMonths = PLAN_PRICES.monthly.amount * 12;
  const saving = twelveMonths - PLAN_PRICES.yearly.amount;
  return {
    price: (plan) => money(PLAN_PRICES[plan].amount, plan),
    perDay: (plan) => money(Math.round(PLAN_PRICES[plan].amount / DAYS_IN[plan]), plan),
    yearlySaving: money(saving, 'yearly'),
    yearlySavingPercent: intl.formatNumber(Math.floor((saving / twelveMonths) * 100) / 100, {
      style: 'percent',
    }),
  };
}
