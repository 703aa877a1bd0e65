import type { CoachMessageResponse } from '@bloom/shared/coach/messages';
import { loadActivityNames } from '@bloom/shared/i18n/activity-names';
import { COACH_MESSAGES } from '@bloom/shared/i18n/catalogues/coach';
import { DEFAULT_LOCALE } from '@bloom/shared/i18n/locales';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import type { ProfileItem } from '../data/items';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { converse } from './bedrock';
import { coachContext } from './context';
import { toConverseMessages } from './conversation';
import { takeDailyMessage } from './daily-cap';
import { answerFallback } from './fallback';
import { modelHistory, storeExchange } from './history';
import { withReplyLock } from './reply-lock';
import { answerCrisis, type SafetyEvent } from './safety/crisis-response';
import { screenForCrisis } from './safety/crisis-screen';
import { SELF_HARM_GUARDRAIL_TOPIC } from './safety/guardrail-topic';
import { guessLanguage } from './safety/screen';
import type { CoachModelSettings } from './settings';
import { systemPromptFor } from './system-prompt';
import { CoachTools } from './tools';

/**
 * One message to Bloom (docs/rules.md#coach). First the safety screen, the patterns and the trained classifier
 * (docs/safety.md): a message about suicide, self-harm, abuse, a poisoning or a medical emergency gets Bloom's
 * crisis reply with the lines of her country (from her time zone) and never reaches the model, whatever her plan
 * or today's count. Then, in order: Pro (from the stored profile), one reply in flight (409), the daily cap
 * (counted before the model is called, so a failing model cannot be hammered), and the model with her stored
 * conversation, her week and the planner's tools. A model failure is not her problem: Bloom answers with her
 * fallback message. Every exchange is stored in her partition.
 * Bloom answers in her profile's language, and her fixed words are in it too (docs/rules.md#languages).
 */
export async function sendCoachMessage(
  caller: Caller,
  input: { message: string },
  settings: CoachModelSettings,
  now: Date,
): Promise<CoachMessageResponse> {
  const { userId } = caller;
  const profile = await getProfile(userId);
  const screening = await screenForCrisis(input.message);
  if (screening.crisis) {
    const { categories, language, caughtBy } = screening;
    return crisis(userId, input.message, { source: 'screen', categories, language, caughtBy }, profile, now);
  }
  refuseWhileDeleting(profile);
  if (profile?.tier !== 'pro') throw new DomainError('pro_required');

  const locale = profile.locale ?? DEFAULT_LOCALE;
  const [messages, names] = await Promise.all([COACH_MESSAGES.load(locale), loadActivityNames(locale)]);
  return withReplyLock(userId, now, async () => {
    await takeDailyMessage(userId, now);
    const [history, context] = await Promise.all([
      modelHistory(userId, now),
      coachContext(userId, caller.name, profile, now, names),
    ]);
    const tools = new CoachTools(userId, context, now, names);
    let reply: CoachMessageResponse;
    try {
      const answer = await converse(
        settings,
        systemPromptFor(context),
        toConverseMessages(history, input.message),
        (name, toolInput) => tools.run(name, toolInput),
      );
      if (answer.guardrailIntervened) {
        log.info('Coach guardrail intervened', { topics: answer.blockedTopics });
        if (answer.blockedTopics.includes(SELF_HARM_GUARDRAIL_TOPIC.name)) {
          const language = guessLanguage(input.message);
          const event: SafetyEvent = { source: 'guardrail', categories: ['suicide'], language };
          return crisis(userId, input.message, event, profile, now);
        }
        // The guardrail's own blocked message is English (infra/lib/coach.ts): she hears it in her language.
        reply = { message: messages.format('coach.guardrail'), fallback: false, added: tools.added };
      } else {
        reply = {
          message: answer.text || messages.format('coach.emptyReply'),
          fallback: false,
          added: tools.added,
        };
      }
    } catch (error) {
      reply = answerFallback(error, tools.added, messages);
    }
    await store(userId, [
      { role: 'user', text: input.message, at: now },
      {
        role: 'assistant',
        text: reply.message,
        at: after(now),
        ...(reply.fallback ? { fallback: true } : {}),
      },
    ]);
    return reply;
  });
}

/** The crisis reply, stored with her message so the chat shows it again; neither ever goes to the model. */
async function crisis(
  userId: string,
  message: string,
  event: SafetyEvent,
  profile: ProfileItem | undefined,
  now: Date,
): Promise<CoachMessageResponse> {
  const reply = answerCrisis(event, profile?.timeZone);
  await store(userId, [
    { role: 'user', text: message, at: now, crisis: true },
    { role: 'assistant', text: reply.message, at: after(now), crisis: reply.crisis ?? true },
  ]);
  return reply;
}

/** A reply she has is never lost to a failed write: storing it is logged (without its text) and skipped. */
async function store(userId: string, turns: Parameters<typeof storeExchange>[1]): Promise<void> {
  try {
    await storeExchange(userId, turns);
  } catch (error) {
    log.error('Coach exchange was not stored', { errorName: (error as Error).name });
  }
}

/** The reply's time: now, and at least a millisecond after her message, so the two always sort in order. */
const after = (sent: Date) => new Date(Math.max(Date.now(), sent.getTime() + 1));
