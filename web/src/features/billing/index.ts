/** Billing as the app composes it: her plan in the account menu, and notices above the planner. */
export { BillingNotices } from './billing-notices';
export { SubscriptionPanel } from './subscription-panel';
