import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { type CrisisCategory, type CrisisLanguage, crisisReply } from '@bloom/shared/coach/crisis-support';
import type { CoachMessageResponse } from '@bloom/shared/coach/messages';
import { logger, metrics } from '../../observability';

/** Where a crisis was recognised: the screen before the model, or the guardrail around it. */
export type SafetyEventSource = 'screen' | 'guardrail';

export interface SafetyEvent {
  source: SafetyEventSource;
  categories: readonly [CrisisCategory, ...CrisisCategory[]];
  language: CrisisLanguage;
}

/**
 * Counts a safety event: `CoachSafetyEvents` (all of them, for an alarm) and `CoachSafetyEventsByCategory`
 * with the category and source as dimensions. The log line says what kind of event it was, never what she
 * wrote: no message text reaches a log.
 */
export function recordSafetyEvent(event: SafetyEvent, country: string | null): void {
  const [category] = event.categories;
  metrics.addMetric('CoachSafetyEvents', MetricUnit.Count, 1);
  const byCategory = metrics.singleMetric();
  byCategory.addDimensions({ Category: category, Source: event.source });
  byCategory.addMetric('CoachSafetyEventsByCategory', MetricUnit.Count, 1);
  logger.warn('Coach safety event: answered with the crisis reply', {
    source: event.source,
    category,
    categories: event.categories,
    language: event.language,
    country: country ?? 'unknown',
  });
}

/** Bloom's crisis reply for her time zone, counted as a safety event. The model is not called. */
export function answerCrisis(event: SafetyEvent, timeZone: string | undefined): CoachMessageResponse {
  const reply = crisisReply(event.categories, event.language, timeZone);
  recordSafetyEvent(event, reply.crisis.country);
  return { message: reply.message, fallback: false, crisis: reply.crisis, added: [] };
}
