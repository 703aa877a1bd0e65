import type { Plan } from '@bloom/shared/billing/plans';
import { FREE_DAILY_CUSTOM_ACTIVITY_LIMIT } from '@bloom/shared/planner/types';

/** Pro prices and the words around them (docs/rules.md#billing-states). */
export const PLAN_DETAILS: Record<
  Plan,
  { label: string; price: string; period: string; perDay: string; note: string }
> = {
  monthly: {
    label: 'Monthly',
    price: '€6.99',
    period: '/month',
    perDay: '€0.23/day',
    note: 'Billed monthly. Cancel anytime.',
  },
  yearly: {
    label: 'Yearly',
    price: '€49.99',
    period: '/year',
    perDay: '€0.14/day',
    note: 'Save €33.89 per year',
  },
};

export const PRO_FEATURES = [
  {
    title: 'Unlimited daily planning',
    text: 'Change your week as often as life changes it: no weekly edit limit.',
  },
  {
    title: 'Create custom self-care actions',
    text: 'Add the rituals that are yours, with your own name, time and icon.',
  },
  {
    title: 'Personal AI coach',
    text: 'Talk things through with Bloom, your caring companion, whenever you need.',
  },
] as const;

export const COMPARISON: ReadonlyArray<{ feature: string; free: string; pro: string }> = [
  { feature: 'Personal weekly plan from the quiz', free: '✓', pro: '✓' },
  { feature: 'Progress tracking and streaks', free: '✓', pro: '✓' },
  { feature: 'Edits to your plan', free: '10 per week', pro: 'Unlimited' },
  // What the server allows (docs/rules.md#custom-activities): a few a day on the free plan.
  {
    feature: 'Custom self-care actions',
    free: `${FREE_DAILY_CUSTOM_ACTIVITY_LIMIT} a day`,
    pro: 'Unlimited',
  },
  { feature: 'Bloom, your AI coach', free: '—', pro: '✓' },
];

export const PRICING_FAQ = [
  {
    question: 'Can I cancel at any time?',
    answer: 'Yes. Cancel whenever you like; Pro stays active until the end of the period you paid for.',
  },
  {
    question: 'What if Pro is not for me?',
    answer: 'Every purchase has a 30-day money-back guarantee. Write to us within 30 days for a full refund.',
  },
  {
    question: 'What happens to my plan if I stop Pro?',
    answer:
      'Nothing is lost. Your plan, progress and custom activities stay; you simply go back to 10 edits a week and the coach rests.',
  },
  {
    question: 'How is payment handled?',
    answer:
      'Checkout is run by our card payment provider, Stripe. Bloom never sees or stores your card details.',
  },
] as const;
