import { type CrisisCategory, type CrisisLanguage, crisisReply } from '@bloom/shared/coach/crisis-support';
import type { CoachMessageResponse } from '@bloom/shared/coach/messages';
import { log } from '../../observability/log';
import { metrics } from '../../observability/metrics';

/** Where a crisis was recognised: the screen before the model, or the guardrail around it. */
export type SafetyEventSource = 'screen' | 'guardrail';

export interface SafetyEvent {
  source: SafetyEventSource;
  categories: readonly [CrisisCategory, ...CrisisCategory[]];
  language: CrisisLanguage;
  /** For the screen: which of its layers recognised the crisis (the patterns, the classifier or both). */
  caughtBy?: readonly string[];
}

/**
 * Counts a safety event: `CoachSafetyEvents` (all of them, for an alarm) and `CoachSafetyEventsByCategory`
 * with the category and source as dimensions. The log line says what kind of event it was, never what she
 * wrote: no message text reaches a log.
 */
export function recordSafetyEvent(event: SafetyEvent, country: string | null): void {
  const [category] = event.categories;
  metrics.count('CoachSafetyEvents');
  metrics.count('CoachSafetyEventsByCategory', { Category: category, Source: event.source });
  log.warn('Coach safety event: answered with the crisis reply', {
    source: event.source,
    category,
    categories: event.categories,
    language: event.language,
    ...(event.caughtBy ? { caughtBy: event.caughtBy } : {}),
    country: country ?? 'unknown',
  });
}

/** Bloom's crisis reply for her time zone, counted as a safety event. The model is not called. */
export function answerCrisis(event: SafetyEvent, timeZone: string | undefined): CoachMessageResponse {
  const reply = crisisReply(event.categories, event.language, timeZone);
  recordSafetyEvent(event, reply.crisis.country);
  return { message: reply.message, fallback: false, crisis: reply.crisis, added: [] };
}
