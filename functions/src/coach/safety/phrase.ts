import { BOUNDARY, type NormaliseOptions, normaliseWords } from './normalise';

/**
 * Compiles a phrase of the patterns' small language (see types.ts) to a regular expression over normalised
 * words, written as " word word . word " (a space before and after every word).
 */

/** Up to this many other words where a phrase writes `...`. */
export const GAP_WORDS = 3;

/** What a phrase compiles against: the normalisation of its language, its word groups, its clause breaks. */
export interface PhraseContext extends NormaliseOptions {
  groups: Readonly<Record<string, string>>;
  clauseBreaks: readonly string[];
}

export interface CompiledPhrase {
  source: string;
  pattern: RegExp;
}

/** The words of a phrase, with the words and stems it names (for typo correction). */
export interface PhraseWords {
  words: Set<string>;
  stems: Set<string>;
}

type Token = { kind: 'word'; text: string } | { kind: 'sign'; text: string };

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\.\.\.|##|\{[a-z]+\}|[()[\]|$^]|[^\s()[\]|$^]+/gu;
  for (const match of source.matchAll(pattern)) {
    const text = match[0];
    tokens.push(
      /^(\.\.\.|##|\*|\{.*\}|[()[\]|$^])$/.test(text) ? { kind: 'sign', text } : { kind: 'word', text },
    );
  }
  return tokens;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = '[a-z0-9]+';

class Parser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly context: PhraseContext,
    private readonly source: string,
    private readonly seen: PhraseWords,
    private readonly depth: number,
  ) {}

  parse(): string {
    const body = this.alternatives();
    if (this.position < this.tokens.length) this.fail(`unexpected "${this.tokens[this.position]?.text}"`);
    return body;
  }

  private fail(reason: string): never {
    throw new Error(`Safety pattern "${this.source}": ${reason}`);
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private alternatives(): string {
    const branches = [this.sequence()];
    while (this.peek()?.text === '|') {
      this.position++;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
  }

  private sequence(): string {
    let out = '';
    for (let token = this.peek(); token; token = this.peek()) {
      if (token.kind === 'sign' && [')', ']', '|'].includes(token.text)) break;
      this.position++;
      out += this.element(token);
    }
    if (out === '') this.fail('an empty alternative');
    return out;
  }

  private group(close: string): string {
    const inner = this.alternatives();
    if (this.peek()?.text !== close) this.fail(`missing "${close}"`);
    this.position++;
    return inner;
  }

  private element(token: Token): string {
    if (token.kind === 'word') return this.word(token.text);
    switch (token.text) {
      case '(':
        return `(?:${this.group(')')})`;
      case '[':
        return `(?:${this.group(']')})?`;
      case '...':
        return `(?: ${WORD}){0,${GAP_WORDS}}`;
      case '##':
        return ' [0-9]{2,}(?= )';
      case '$': {
        if (this.position !== this.tokens.length) this.fail('"$" must end the phrase');
        const alternatives = [`${escapeRegExp(BOUNDARY)} `, '$', ...this.breaks().map((word) => `${word} `)];
        return `(?= (?:${alternatives.join('|')}))`;
      }
      case '^':
        if (this.position !== 1 || this.depth > 0) this.fail('"^" must start the phrase');
        return `(?<=^|${escapeRegExp(BOUNDARY)}|${this.breaks()
          .map((word) => ` ${word}`)
          .join('|')})`;
      case '*':
        // Never first without "^": tried at every word of a long message, it would cost the square of its length.
        if (this.position === 1) this.fail('"*" cannot start the phrase (write "^ *")');
        return `(?: (?!(?:${[escapeRegExp(BOUNDARY), ...this.breaks()].join('|')}) )[a-z0-9_]+)*?`;
      default: {
        const name = token.text.slice(1, -1);
        const group = this.context.groups[name];
        if (group === undefined) this.fail(`unknown group {${name}}`);
        if (this.depth > 3) this.fail('groups nested too deep');
        return `(?:${compileBody(group, this.context, this.seen, this.depth + 1)})`;
      }
    }
  }

  /** The clause breaks as normalised words, escaped for a regular expression. */
  private breaks(): string[] {
    return this.context.clauseBreaks.flatMap((word) => normaliseWords(word, this.context)).map(escapeRegExp);
  }

  private word(text: string): string {
    const stem = text.endsWith('*');
    const words = normaliseWords(stem ? text.slice(0, -1) : text, this.context);
    if (words.length === 0 || words.includes(BOUNDARY)) this.fail(`"${text}" is not a word`);
    const last = words.length - 1;
    return words
      .map((word, index) => {
        if (stem && index === last) {
          this.seen.stems.add(word);
          return ` ${escapeRegExp(word)}[a-z0-9]*(?= )`;
        }
        this.seen.words.add(word);
        return ` ${escapeRegExp(word)}(?= )`;
      })
      .join('');
  }
}

function compileBody(source: string, context: PhraseContext, seen: PhraseWords, depth = 0): string {
  return new Parser(lex(source), context, source, seen, depth).parse();
}

/** `global` for a phrase whose every match is replaced (the notCrisis phrases). */
export function compilePhrase(
  source: string,
  context: PhraseContext,
  seen: PhraseWords,
  global = false,
): CompiledPhrase {
  return { source, pattern: new RegExp(compileBody(source, context, seen), global ? 'g' : '') };
}

/** Words as the compiled phrases read them. */
export const asText = (words: readonly string[]) => ` ${words.join(' ')} `;
