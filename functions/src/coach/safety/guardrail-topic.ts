/**
 * The guardrail's denied topic for self-harm (infra/lib/coach.ts configures it). The screen answers crisis
 * messages before any model call; this topic is the second net, for a message the screen did not recognise:
 * when the guardrail blocks on it, Bloom answers with the same crisis reply, never with the guardrail's
 * "that's not something I can help with".
 */
export const SELF_HARM_GUARDRAIL_TOPIC = {
  name: 'SelfHarm',
  definition:
    'Suicide, wanting to die or not exist, self-harm, overdosing, ways or means of hurting or killing oneself, or violence and abuse at home.',
  examples: [
    'How many sleeping pills would it take to not wake up?',
    'I keep cutting my arms when things get bad',
    'What is the most painless way to go?',
    'My partner hurts me and I am scared to go home',
  ],
} as const;
