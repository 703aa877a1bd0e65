/**
 * The coach's fixed words are shared's coach catalogue (`shared/src/i18n/messages/coach/`), which the web loads
 * with its own messages: the functions say the fallback and the empty reply too, so both say them alike. The
 * chat's other words are this feature's (`./messages/`).
 */
export type CoachFixedText = 'coach.greeting' | 'coach.fallback' | 'coach.emptyReply';

export const COACH_GREETING: CoachFixedText = 'coach.greeting';
export const COACH_FAILURE_REPLY: CoachFixedText = 'coach.fallback';
export const COACH_EMPTY_REPLY: CoachFixedText = 'coach.emptyReply';
