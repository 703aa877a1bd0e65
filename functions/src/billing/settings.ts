/** Billing configuration from the environment: the stack sets it in AWS, the local cloud sets it for its emulator. */

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The app's public origin (APP_URL), where Stripe sends the browser back. */
export function appUrl(): string {
  return required('APP_URL').replace(/\/+$/, '');
}

export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** STRIPE_API_BASE points the SDK at another Stripe API (the local emulator); unset means api.stripe.com. */
export function stripeEndpoint(): StripeEndpoint | undefined {
  const base = process.env.STRIPE_API_BASE;
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}
