import { screenMessage } from '@bloom/functions/coach/safety/screen';
import { COACH_GUARDRAIL_MESSAGE } from '@bloom/shared/coach/replies';

/**
 * The emulator's "model": deterministic, warm replies chosen from the last user message's keywords, so that
 * a developer sees a conversation that responds to what they wrote, and tests can rely on the answer.
 */

interface Topic {
  name: string;
  pattern: RegExp;
  replies: readonly string[];
}

/**
 * What this "model" answers when a crisis message reaches it. Bloom's safety screen answers those before any
 * model call, so this text in a reply means the screen was bypassed: tests treat it as a failure. The emulator
 * never gives crisis guidance itself, which would hide exactly that.
 */
export const CRISIS_REACHED_MODEL_MARKER =
  '[bedrock-emulator] CRISIS MESSAGE REACHED THE MODEL: the safety screen should have answered it.';

/** What the coach's guardrail denies (its topic names in infra/lib/coach.ts): diagnosis and medication dosing. */
const DENIED_TOPICS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'MedicationDosing',
    pattern:
      /\b(dos(e|es|age|ing)|mg\b|milligrams?|prescri\w*|medicat\w*|antidepressants?|pills?|tablets?|ibuprofen|paracetamol|xanax|sertraline|melatonin)\b/i,
  },
  {
    name: 'MedicalDiagnosis',
    pattern: /\b(diagnos\w*|do i have (an? )?\w+(disorder|disease|syndrome)?)\b/i,
  },
];

const TOPICS: readonly Topic[] = [
  {
    name: 'stress',
    pattern: /\b(stress\w*|anxious|anxiety|overwhelm\w*|panic\w*|worr\w*|nervous|tense|pressure)\b/i,
    replies: [
      "That sounds like a lot to hold right now. Let's slow things down together: breathe in for 4 counts, hold for 4, and breathe out for 6, three times. Which part of today feels heaviest? 🌿",
      "Feeling overwhelmed is your mind asking for a pause, not a sign you're failing. Try a two-minute reset: feet on the floor, shoulders down, and name five things you can see. Would a short walk fit into your afternoon?",
    ],
  },
  {
    name: 'sleep',
    pattern:
      /\b(sleep\w*|slept|tired|exhaust\w*|insomnia|rest(ing|ful|less)?|fatigue\w*|burn(ed|t)[- ]?out|awake)\b/i,
    replies: [
      'Being tired makes everything feel harder, so be gentle with yourself today. A calm wind-down can help: dim the lights, put your phone away 30 minutes before bed, and try a slow body scan. Would you like to add an evening ritual to your plan? 🌙',
      'Rest is self-care too. Tonight, try a warm drink without caffeine and jot down three things on your mind so they can wait until morning. What usually keeps you up?',
    ],
  },
  {
    name: 'sad',
    pattern: /\b(sad\w*|lonely|alone|down|cry\w*|heartbroken|grie\w*|miss\w*|empty|low)\b/i,
    replies: [
      "I'm sorry you're feeling this way; your feelings make sense, and they matter. Sometimes a small connection helps: a message to a friend, or a few minutes outside in daylight. Is there someone you'd like to reach out to today? 💗",
      "Thank you for trusting me with this. On heavy days, tiny kindnesses count: a cup of tea, a favourite song, a soft blanket. What's one gentle thing you could do for yourself in the next hour?",
    ],
  },
  {
    name: 'motivation',
    pattern: /\b(motivat\w*|lazy|procrastinat\w*|energy|stuck|unfocused|focus\w*|productive)\b/i,
    replies: [
      "Motivation often follows action rather than the other way round. Pick the smallest possible step, even two minutes, and let that be enough for now. What's one tiny thing you could start with? ☀️",
      'Low-energy days happen to everyone. Try pairing a task with something pleasant, like music or a sunny spot, and celebrate finishing just one thing. Which part of your plan feels most doable today?',
    ],
  },
  {
    name: 'movement',
    pattern: /\b(exercis\w*|move\w*|movement|stretch\w*|walk\w*|yoga|workout|body)\b/i,
    replies: [
      'Moving your body kindly is a lovely way to care for yourself. A five-minute stretch for your neck, shoulders and back can reset your whole day. Would you like to add a short stretch to your morning? 🌿',
    ],
  },
  {
    name: 'greeting',
    pattern: /^\s*(hi|hello|hey|hiya|good (morning|afternoon|evening))\b/i,
    replies: [
      "Hi there, it's lovely to hear from you. I'm Bloom, your caring companion. How are you feeling today? 🌸",
    ],
  },
  {
    name: 'ideas',
    pattern: /\b(ideas?|suggest\w*|self[- ]?care|routine|plan\w*|what should i do)\b/i,
    replies: [
      'Here are three gentle ideas: a glass of water and three deep breaths when you wake, a short walk at midday, and five minutes of journaling before bed. Which one speaks to you? 🌸',
    ],
  },
  {
    name: 'good',
    // "Not great" is not good news.
    pattern:
      /(?<!\b(not|never|\w+n't) (so |very |that )?)\b(happy|great|good|grateful|excited|proud|calm|better)\b/i,
    replies: [
      'I love hearing that! Take a moment to notice what helped you feel this way, so you can come back to it. What made today feel good? 🌸',
    ],
  },
];

export interface EmulatedReply {
  text: string;
  topic: string;
  guardrailIntervened: boolean;
  /** The guardrail's denied topic that blocked, when it intervened. */
  blockedTopic?: string;
}

/**
 * The reply to a conversation whose last user message is `message`; `turn` varies the wording deterministically.
 * A crisis message gets the marker, before any guardrail: the guardrail's refusal would hide the bypass.
 */
export function replyTo(message: string, turn: number, guardrail: boolean): EmulatedReply {
  if (screenMessage(message).crisis) {
    return { text: CRISIS_REACHED_MODEL_MARKER, topic: 'crisis', guardrailIntervened: false };
  }
  const denied = guardrail ? DENIED_TOPICS.find((candidate) => candidate.pattern.test(message)) : undefined;
  if (denied) {
    return {
      text: COACH_GUARDRAIL_MESSAGE,
      topic: 'guardrail',
      guardrailIntervened: true,
      blockedTopic: denied.name,
    };
  }
  const topic = TOPICS.find((candidate) => candidate.pattern.test(message));
  if (topic) {
    return {
      text: topic.replies[turn % topic.replies.length] as string,
      topic: topic.name,
      guardrailIntervened: false,
    };
  }
  const snippet = message.trim().replace(/\s+/g, ' ');
  const quoted = snippet.length > 60 ? `${snippet.slice(0, 57).trimEnd()}...` : snippet;
  return {
    text: `Thank you for sharing that with me. It sounds like "${quoted}" is on your mind. Would you like to talk it through, or find a small self-care moment for today? 🌸`,
    topic: 'reflect',
    guardrailIntervened: false,
  };
}
