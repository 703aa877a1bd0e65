import { FREE_DAILY_CUSTOM_ACTIVITY_LIMIT, FREE_WEEKLY_EDIT_LIMIT } from '@bloom/shared/planner/types';

/**
 * What the pricing page lists, by message id (messages/en.json holds the words, docs/rules.md#billing-states);
 * prices come from PLAN_PRICES through components/prices.ts, never from a message.
 */

/** Pro's features: `pricing.feature.<key>.title`, `.text`. */
export const PRO_FEATURES = ['unlimited', 'custom', 'coach'] as const;

/** A cell of the comparison: a tick, a dash, or a message with its values. */
export type ComparisonCell = '✓' | '—' | { id: string; values?: Record<string, number> };

const UNLIMITED = { id: 'pricing.compare.unlimited' };

export const COMPARISON: ReadonlyArray<{ feature: string; free: ComparisonCell; pro: ComparisonCell }> = [
  { feature: 'pricing.compare.plan', free: '✓', pro: '✓' },
  { feature: 'pricing.compare.progress', free: '✓', pro: '✓' },
  {
    feature: 'pricing.compare.edits',
    free: { id: 'pricing.compare.editsFree', values: { limit: FREE_WEEKLY_EDIT_LIMIT } },
    pro: UNLIMITED,
  },
  // What the server allows (docs/rules.md#custom-activities): a few a day on the free plan.
  {
    feature: 'pricing.compare.custom',
    free: { id: 'pricing.compare.customFree', values: { limit: FREE_DAILY_CUSTOM_ACTIVITY_LIMIT } },
    pro: UNLIMITED,
  },
  { feature: 'pricing.compare.coach', free: '—', pro: '✓' },
];

/** The FAQ: `pricing.faq.<key>.question`, `.answer`. */
export const PRICING_FAQ = ['cancel', 'refund', 'stop', 'payment'] as const;
