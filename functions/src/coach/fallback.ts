import type { CoachMessageResponse } from '@bloom/shared/coach/messages';
import { COACH_MESSAGES, type CoachMessageId } from '@bloom/shared/i18n/catalogues/coach';
import type { Messages } from '@bloom/shared/i18n/messages';
import { log } from '../observability/log';
import { metrics } from '../observability/metrics';

export type FallbackReason = 'throttled' | 'timeout' | 'error';

const TIMEOUTS = new Set(['TimeoutError', 'RequestTimeout', 'ModelTimeoutException', 'AbortError']);

/** Why the model did not answer, from the SDK's error name. */
export function fallbackReason(error: unknown): FallbackReason {
  const name = (error as Error | undefined)?.name ?? '';
  if (name === 'ThrottlingException') return 'throttled';
  if (TIMEOUTS.has(name)) return 'timeout';
  return 'error';
}

/**
 * The model could not answer (throttled, too slow, failing): Bloom answers with her fallback message (in the
 * language of `messages`), and `CoachFallbacks` counts it (with `CoachFallbacksByReason` by reason), for the stack's alarm. No message text
 * reaches the log.
 */
export function answerFallback(
  error: unknown,
  added: CoachMessageResponse['added'],
  messages: Messages<CoachMessageId> = COACH_MESSAGES.english,
): CoachMessageResponse {
  const reason = fallbackReason(error);
  metrics.count('CoachFallbacks');
  metrics.count('CoachFallbacksByReason', { Reason: reason });
  log.error('Bedrock Converse failed; Bloom answers with her fallback message', {
    reason,
    errorName: (error as Error | undefined)?.name,
  });
  return { message: messages.format('coach.fallback'), fallback: true, added };
}
