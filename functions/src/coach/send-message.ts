import type { ChatTurn, CoachMessageResponse } from '@bloom/shared/coach/messages';
import { COACH_EMPTY_REPLY, COACH_FALLBACK_MESSAGE } from '@bloom/shared/coach/replies';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { logger } from '../observability';
import { converse } from './bedrock';
import { toConverseMessages } from './conversation';
import { takeDailyMessage } from './daily-cap';
import { answerCrisis } from './safety/crisis-response';
import { SELF_HARM_GUARDRAIL_TOPIC } from './safety/guardrail-topic';
import { guessLanguage, screenMessage } from './safety/screen';

/**
 * One message to Bloom. First the safety screen: a message about suicide, self-harm, abuse or a medical
 * emergency gets Bloom's crisis reply with the lines of her country (from her time zone) and never reaches
 * the model, whatever her plan or today's count. Then Pro is checked on the server from the stored profile;
 * the daily cap is taken before the model is called, so a failing model cannot be hammered either. A model
 * failure is not the user's problem: Bloom answers with her fallback message and the response says so in
 * `fallback`. A guardrail block on self-harm ends in the crisis reply too.
 */
export async function sendCoachMessage(
  caller: Caller,
  input: { message: string; conversationHistory: ChatTurn[] },
  now: Date,
): Promise<CoachMessageResponse> {
  const profile = await getProfile(caller.userId);
  const screening = screenMessage(input.message);
  if (screening.crisis) return answerCrisis({ source: 'screen', ...screening }, profile?.timeZone);
  refuseWhileDeleting(profile);
  if (profile?.tier !== 'pro') throw new DomainError('pro_required');
  await takeDailyMessage(caller.userId, now);
  try {
    const reply = await converse(toConverseMessages(input.conversationHistory, input.message));
    if (reply.guardrailIntervened) {
      logger.info('Coach guardrail intervened', { topics: reply.blockedTopics });
      if (reply.blockedTopics.includes(SELF_HARM_GUARDRAIL_TOPIC.name)) {
        const language = guessLanguage(input.message);
        return answerCrisis({ source: 'guardrail', categories: ['suicide'], language }, profile.timeZone);
      }
    }
    return { message: reply.text || COACH_EMPTY_REPLY, fallback: false };
  } catch (error) {
    logger.error('Bedrock Converse failed; Bloom answers with her fallback message', error as Error);
    return { message: COACH_FALLBACK_MESSAGE, fallback: true };
  }
}
