import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';

/**
 * Text she types, as Bloom keeps it (docs/rules.md#text-she-types): well-formed Unicode, in NFC, without white
 * space or invisible format characters at either end, without control characters, and with something to see.
 * One rule for the web's forms and the server's schemas.
 */

/** No lone surrogate: DynamoDB, JSON readers and fonts would each turn one into something else. */
export const isWellFormedText = (value: string): boolean => value.isWellFormed();

/**
 * White space and invisible format characters (Unicode Cf: zero-width space, zero-width joiner, BOM, bidi
 * marks) at the start, and at the end except tag characters: those end an emoji's tag sequence (the flag of
 * Scotland is a black flag and seven tags), so trimming them would break the emoji.
 */
const INVISIBLE_START = /^[\p{White_Space}\p{Cf}]+/u;
const INVISIBLE_END = /(?:(?![\u{E0020}-\u{E007F}])[\p{White_Space}\p{Cf}])+$/u;

/** NFC, so the same name typed on two keyboards is one name; then the invisible ends trimmed. */
export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE_START, '').replace(INVISIBLE_END, '');
}

const CONTROL = /\p{Cc}/u;
/** Tab, line feed and carriage return: a message may have lines. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** A control character (Unicode Cc: NUL, BEL, ESC...), or with `lines` any but tab and line breaks. */
export const hasControlCharacter = (value: string, lines: 'lines' | 'one line' = 'one line'): boolean =>
  (lines === 'lines' ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);

/** A letter, digit, punctuation mark or symbol that is not one of Unicode's invisible (default-ignorable) ones. */
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{P}\p{S}]/u;
export const hasVisibleCharacter = (value: string): boolean => VISIBLE.test(value);

let graphemes: Intl.Segmenter | undefined;
let rgiEmoji: RegExp | undefined;
/**
 * The `v` flag (Unicode sets), which a property of strings such as RGI_Emoji needs: Node 20 and browsers since
 * 2023 have it. Typed as a plain string because TypeScript refuses the flag in a literal below an ES2024 target.
 */
const UNICODE_SETS_FLAG: string = 'v';

/**
 * Exactly one grapheme (what a reader sees as one character, Intl.Segmenter), and that grapheme one of
 * Unicode's recommended emoji (`\p{RGI_Emoji}`: a flag, a keycap, a skin tone or a ZWJ sequence included).
 * Both are made on first use, not when a function starts.
 */
export function isOneEmoji(value: string): boolean {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', UNICODE_SETS_FLAG);
  const segments = graphemes.segment(value)[Symbol.iterator]();
  return !segments.next().done && segments.next().done === true && rgiEmoji.test(value);
}

/**
 * A valibot schema for text she types: `required` answers a missing or empty one (nothing visible once
 * normalised), `tooLong` one over `maxLength` characters, and FIELD_MESSAGES.unreadable ill-formed Unicode or
 * a control character. Its output is the normalised text.
 */
export function typedTextSchema(options: {
  required: string;
  maxLength: number;
  tooLong: string;
  lines?: 'lines' | 'one line';
}) {
  return v.pipe(
    v.string(options.required),
    // Before the transformation: valibot stops a pipe at a transformation once an issue is found.
    v.check(isWellFormedText, FIELD_MESSAGES.unreadable),
    v.transform(normaliseText),
    v.check((text) => !hasControlCharacter(text, options.lines), FIELD_MESSAGES.unreadable),
    v.check(hasVisibleCharacter, options.required),
    v.maxLength(options.maxLength, options.tooLong),
  );
}
