/** Bloom Pro's two plans (docs/rules.md#billing-states). Amounts are in cents, as Stripe counts them. */

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

/** The pricing page preselects yearly unless the address says monthly. */
export const DEFAULT_PLAN: Plan = 'yearly';

export interface PlanPrice {
  plan: Plan;
  currency: 'eur';
  /** Cents per interval. */
  amount: number;
  interval: 'month' | 'year';
}

export const PLAN_PRICES: Record<Plan, PlanPrice> = {
  monthly: { plan: 'monthly', currency: 'eur', amount: 699, interval: 'month' },
  yearly: { plan: 'yearly', currency: 'eur', amount: 4999, interval: 'year' },
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
