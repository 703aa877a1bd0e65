import type { WebhookQueue, WebhookSettings } from './webhooks';

/** What can be changed while the emulator runs (tests make it as unkind as Stripe can be). */
export interface StripeEmulatorSettings {
  webhooks: Partial<WebhookSettings>;
  /** Milliseconds each API request takes (0 by default; Stripe's take a few hundred). */
  apiLatencyMs: number;
  /** Milliseconds between paying on the Checkout page and the payment's confirmation (0: before the redirect). */
  paymentConfirmationDelayMs: number;
  /** The next this many API requests answer 500 api_error, as during an outage at Stripe. */
  failNextRequests: number;
  /** Milliseconds a test clock stays `advancing` before it is `ready` at its new time (1000 by default). */
  testClockAdvanceMs: number;
}

/** The settings the emulator keeps itself; the webhook queue keeps its own. */
type EmulatorSettings = Omit<StripeEmulatorSettings, 'webhooks'>;

/** Stripe takes a moment to advance a test clock; here a second, unless configured. */
const DEFAULT_TEST_CLOCK_ADVANCE_MS = 1000;

export function initialSettings(options: Partial<StripeEmulatorSettings>): EmulatorSettings {
  return {
    apiLatencyMs: options.apiLatencyMs ?? 0,
    paymentConfirmationDelayMs: options.paymentConfirmationDelayMs ?? 0,
    failNextRequests: options.failNextRequests ?? 0,
    testClockAdvanceMs: options.testClockAdvanceMs ?? DEFAULT_TEST_CLOCK_ADVANCE_MS,
  };
}

/** Applies `changes` (from `configure` or the dashboard): what is given changes, the rest stays. */
export function applySettings(
  settings: EmulatorSettings,
  webhooks: WebhookQueue | undefined,
  changes: Partial<StripeEmulatorSettings>,
): void {
  if (changes.webhooks) webhooks?.configure(changes.webhooks);
  if (changes.apiLatencyMs !== undefined) settings.apiLatencyMs = changes.apiLatencyMs;
  if (changes.paymentConfirmationDelayMs !== undefined)
    settings.paymentConfirmationDelayMs = changes.paymentConfirmationDelayMs;
  if (changes.failNextRequests !== undefined) settings.failNextRequests = changes.failNextRequests;
  if (changes.testClockAdvanceMs !== undefined) settings.testClockAdvanceMs = changes.testClockAdvanceMs;
}

/** Whether this API request falls in an outage (`failNextRequests`), which it then uses up by one. */
export function takeFailure(settings: EmulatorSettings): boolean {
  if (settings.failNextRequests <= 0) return false;
  settings.failNextRequests--;
  return true;
}
