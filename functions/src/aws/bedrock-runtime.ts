import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { instrumented } from './instrumentation';

let client: BedrockRuntimeClient | undefined;

/**
 * One Bedrock Runtime client per container, made on first use. BEDROCK_ENDPOINT is set only when the model is
 * served elsewhere than AWS's regional endpoint (the local emulator): configuration, not a code path.
 */
export function bedrockRuntimeClient(): BedrockRuntimeClient {
  client ??= instrumented(
    new BedrockRuntimeClient({
      endpoint: process.env.BEDROCK_ENDPOINT || undefined,
      // A slow model must not hold the function until its timeout: give up and let Bloom answer gently instead.
      maxAttempts: 2,
      requestHandler: { requestTimeout: 20_000 },
    }),
  );
  return client;
}
