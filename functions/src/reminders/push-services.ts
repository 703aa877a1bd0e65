import { isAllowedPushEndpoint } from '@bloom/shared/reminders/push-endpoint';

/**
 * Push services this deployment adds to the browsers' own (docs/rules.md#reminders): a comma-separated list of
 * https origins in EXTRA_PUSH_SERVICE_ORIGINS. The local cloud's launcher names its own push service there; the
 * stack sets nothing, so in AWS only the browsers' services are reached. Read on each call, as the configuration
 * of a function is its environment.
 */
export function extraPushServiceOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.EXTRA_PUSH_SERVICE_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [];
  return configured.filter(Boolean).map((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    // A mistyped setting fails loudly rather than refusing every device without a word.
    if (url?.protocol !== 'https:' || url.origin !== origin.replace(/\/$/, ''))
      throw new Error(`EXTRA_PUSH_SERVICE_ORIGINS holds "${origin}", which is not an https origin`);
    return url.origin;
  });
}

/** Whether the sender may POST to this endpoint, under this deployment's configuration. */
export const mayPushTo = (endpoint: string): boolean =>
  isAllowedPushEndpoint(endpoint, extraPushServiceOrigins());
