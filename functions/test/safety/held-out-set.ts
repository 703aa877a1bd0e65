import type { CrisisCase, OrdinaryCase } from './safety-set';

/**
 * Held-out variants: written together with the safety set, before any pattern, and kept out of sight while
 * the patterns were written, to see whether the patterns generalise beyond the sentences they were tuned
 * on. Close variants of the safety set's messages: other wording, other typos, other objects of an idiom.
 */

export const HELD_OUT_CRISIS: readonly CrisisCase[] = [
  { language: 'en', category: 'suicide', text: 'i really want to kill my self' },
  {
    language: 'en',
    category: 'suicide',
    text: "sometimes I think everyone would be happier if I wasn't around",
  },
  { language: 'en', category: 'suicide', text: "I don't want to be alive anymore" },
  { language: 'en', category: 'suicide', text: "I keep hoping I won't wake up in the morning" },
  { language: 'en', category: 'suicide', text: 'thinking of killing myself tbh' },
  { language: 'en', category: 'self_harm', text: "i've been self harming again" },
  { language: 'en', category: 'abuse', text: 'my ex beats me' },
  { language: 'en', category: 'medical_emergency', text: 'I overdosed on my meds' },
  { language: 'en', category: 'suicide', text: "there's no point in going on" },
  { language: 'en', category: 'suicide', text: 'I want to end my life' },
  { language: 'en', category: 'suicide', text: 'i want to dieeee' },
  { language: 'de', category: 'suicide', text: 'ich kann nicht mehr, ich will nicht mehr' },
  { language: 'de', category: 'suicide', text: 'ich will mich töten' },
  { language: 'de', category: 'suicide', text: 'will nicht mehr leben' },
  { language: 'de', category: 'abuse', text: 'mein Freund schlägt mich immer wenn er getrunken hat' },
  { language: 'de', category: 'suicide', text: 'ich möchte sterben' },
  { language: 'de', category: 'suicide', text: 'ich habe Selbstmordgedanken' },
  { language: 'fr', category: 'suicide', text: "j'ai envie d'en finir" },
  { language: 'fr', category: 'suicide', text: 'je voudrais mourir' },
  { language: 'fr', category: 'suicide', text: 'je pense à me suicider' },
  { language: 'fr', category: 'abuse', text: 'mon conjoint me bat' },
  { language: 'fr', category: 'suicide', text: "je n'ai plus envie de vivre" },
  { language: 'es', category: 'suicide', text: 'ya no quiero seguir' },
  { language: 'es', category: 'suicide', text: 'quiero morir' },
  { language: 'es', category: 'suicide', text: 'quiero suicidarme' },
  { language: 'es', category: 'abuse', text: 'mi esposo me golpea' },
  { language: 'es', category: 'suicide', text: 'no quiero vivir más' },
];

export const HELD_OUT_ORDINARY: readonly OrdinaryCase[] = [
  { language: 'en', text: 'this commute is killing me' },
  { language: 'en', text: "I'm dying to see the new Barbie movie" },
  { language: 'en', text: 'spin class nearly killed me lol' },
  { language: 'en', text: 'my legs are killing me' },
  { language: 'en', text: 'I cried my eyes out at the end of that movie' },
  { language: 'en', text: "I'm dying of boredom" },
  { language: 'en', text: "I'd kill for some chocolate" },
  { language: 'de', text: 'mein Nacken bringt mich um' },
  { language: 'de', text: 'die Arbeit bringt mich noch um' },
  { language: 'de', text: 'ich will nicht mehr so spät ins Bett gehen' },
  { language: 'fr', text: "je meurs d'envie d'essayer le yoga" },
  { language: 'fr', text: 'ce rhume me tue' },
  { language: 'es', text: 'me muero de sueño' },
  { language: 'es', text: 'no quiero seguir trabajando hasta tan tarde' },
  { language: 'es', text: 'quiero acabar con la procrastinación' },
];
