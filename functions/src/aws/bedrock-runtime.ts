import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { instrumented } from './instrumentation';

/**
 * Nested timeouts, each layer answering before the one outside it gives up (docs/rules.md#coach): one Bedrock
 * attempt 8 s, two attempts; the whole reply (tool rounds included) 20 s; the function 25 s (routes.ts); the
 * browser 28 s (COACH_REPLY_BROWSER_TIMEOUT_MS).
 */
export const BEDROCK_ATTEMPT_TIMEOUT_MS = 8_000;
export const BEDROCK_MAX_ATTEMPTS = 2;

let client: BedrockRuntimeClient | undefined;

/**
 * One Bedrock Runtime client per container, made on first use. BEDROCK_ENDPOINT is set only when the model is
 * served elsewhere than AWS's regional endpoint (the local emulator): configuration, not a code path.
 */
export function bedrockRuntimeClient(): BedrockRuntimeClient {
  client ??= instrumented(
    new BedrockRuntimeClient({
      endpoint: process.env.BEDROCK_ENDPOINT || undefined,
      // A slow model must not hold the function until its timeout: one retry, then Bloom answers gently instead.
      maxAttempts: BEDROCK_MAX_ATTEMPTS,
      requestHandler: { requestTimeout: BEDROCK_ATTEMPT_TIMEOUT_MS },
    }),
  );
  return client;
}
