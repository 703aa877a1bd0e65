import type { WebConfig } from '@bloom/shared/config/web-config';

let pending: Promise<WebConfig> | null = null;

/**
 * Where this deployment's Cognito lives, from `GET /config.json` (served by the local cloud, or written next to
 * the SPA by the CDK deployment). Fetched once; a failed fetch is retried on the next call.
 */
export function loadWebConfig(): Promise<WebConfig> {
  pending ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
      return (await response.json()) as WebConfig;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
