/**
 * The pseudo-locale check's tools (pseudo-locale.test.ts): the pseudo build of the app and its own cloud, the
 * texts a page shows, and which of them are not messages.
 *
 * The pseudo build shows every message of the English catalogue accented and bracketed (`[Ɓḗɠīƞ Ẏǿŭř Ĵǿŭřƞḗẏ]`,
 * web/i18n-pseudo.ts), so a plain ASCII word left on screen is text that did not come from a message, apart from
 * the short list of things that rightly are not messages (`ALLOWED`).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import { LOCALE_NAMES } from '@bloom/shared/i18n/locales';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { accented } from '../../i18n-pseudo';
import { CONTACT_EMAIL } from '../../src/lib/contact';
import { browserTimeZone, timeZoneName } from '../../src/lib/time-zone';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the app in the `pseudo` mode (web/vite.config.ts) into a folder of its own; returns it and its removal. */
export async function buildPseudoWeb(): Promise<{ dist: string; remove(): Promise<void> }> {
  const dist = await mkdtemp(join(tmpdir(), 'bloom-web-pseudo-'));
  await build({
    root: WEB_ROOT,
    mode: 'pseudo',
    logLevel: 'warn',
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    build: { outDir: dist, emptyOutDir: true },
  });
  return { dist, remove: () => rm(dist, { recursive: true, force: true }) };
}

/** The built files (HTML and JavaScript) of a build that hold pseudo-locale text. */
export async function filesWithPseudoText(dist: string): Promise<string[]> {
  // A message every build has had since the language menu came (components.languageMenu.label).
  const marker = accented('Language');
  const files = [
    ...(await readdir(dist)).filter((name) => name.endsWith('.html')),
    ...(await readdir(join(dist, 'assets'))).filter((name) => name.endsWith('.js')).map((n) => `assets/${n}`),
  ];
  const found: string[] = [];
  for (const file of files) if ((await readFile(join(dist, file), 'utf8')).includes(marker)) found.push(file);
  return found;
}

/** A name as the page may show it: still in English (not converted yet) or in the pseudo-locale. */
export function either(english: string, options: { exact?: boolean } = {}): RegExp {
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = `(?:${escapeRegExp(english)}|${escapeRegExp(accented(english))})`;
  return new RegExp(options.exact === false ? body : `^\\[?${body}\\]?$`);
}

/** One text a person sees or hears: where it is (text, an attribute, the tab title) and what it says. */
export interface ShownText {
  where: string;
  text: string;
}

/**
 * Every visible text node, the accessible attributes of visible elements, option labels and the tab title (not what
 * is marked lang="en" inside the page: English on purpose, like the blog's articles); with a modal dialog open,
 * only the dialog's (the page behind it is inert, and was checked as a screen of its own).
 */
export function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    // What the page marks as English on purpose (the blog's articles, lang="en" inside her page) stays English.
    const markedEnglish = (element: Element) => {
      const marked = element.closest('[lang]');
      return (
        marked !== null &&
        marked !== document.documentElement &&
        /^en\b/.test(marked.getAttribute('lang') ?? '')
      );
    };
    const modals = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter(visible);
    const root = modals.at(-1) ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = clean(node.textContent);
      if (!parent || !text || parent.closest('script, style, noscript, template') || markedEnglish(parent))
        continue;
      // An <option> is not rendered until its list opens: it counts when its <select> is visible.
      const shown = parent.closest('select') ?? parent;
      if (visible(shown)) found.push({ where: 'text', text });
    }
    const attributes = [
      'aria-label',
      'title',
      'placeholder',
      'alt',
      'aria-valuetext',
      'aria-roledescription',
    ];
    for (const element of root.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))) {
      if (!visible(element) || markedEnglish(element)) continue;
      for (const name of attributes) {
        const text = clean(element.getAttribute(name));
        if (text) found.push({ where: name, text });
      }
    }
    found.push({ where: 'document.title', text: clean(document.title) });
    return found;
  });
}

/** English's day and month names, day periods and the run's time zone, as `Intl` writes them: not messages (rules). */
function intlWords(): string[] {
  const words = new Set<string>();
  const write = (date: Date, options: Intl.DateTimeFormatOptions) =>
    words.add(new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date));
  for (const style of ['long', 'short'] as const) {
    // 2024-01-01 was a Monday.
    for (let day = 0; day < 7; day++) write(new Date(Date.UTC(2024, 0, 1 + day)), { weekday: style });
    for (let month = 0; month < 12; month++) write(new Date(Date.UTC(2024, month, 1)), { month: style });
  }
  // Her time zone's name, as Intl writes it (the reminders' intro): the browser runs in this machine's zone.
  return [...words, 'AM', 'PM', timeZoneName(browserTimeZone(), 'en-US')];
}

/**
 * What is rightly not a message, longest first (each is taken out of a text before it is judged): the brand and
 * its contact address, each language's own name in the language menu, the catalogue's activity names (data translated by id:
 * shared/src/i18n/activities, checked by shared's own tests; the pseudo build shows English's), `Intl`'s day and
 * month names and time zone name, and what the test typed (her name, her email, her custom activity).
 */
export function allowed(typed: readonly string[]): string[] {
  return [
    'Bloom',
    CONTACT_EMAIL,
    ...Object.values(LOCALE_NAMES),
    ...ACTIVITY_CATALOGUE.map((activity) => activity.name),
    ...intlWords(),
    ...typed,
  ].sort((a, b) => b.length - a.length);
}

/** Whether a text holds a word that is not pseudo-localized once the allowed texts are taken out. */
export function isUnlocalized(text: string, allowedTexts: readonly string[]): boolean {
  let rest = text;
  for (const allowedText of allowedTexts) rest = rest.split(allowedText).join(' ');
  return /[A-Za-z]{2,}/.test(rest);
}
