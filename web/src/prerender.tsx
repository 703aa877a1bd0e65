/**
 * Build-time entry (server-side, run by the `bloom-prerender-landing` Vite plugin): renders the landing page a
 * first-time visitor sees on `/`, once per language, so each language's page (`index.html` in English,
 * `index.de.html`...) paints in her words before any JavaScript arrives (docs/decisions/0009-landing-per-language.md).
 * `main.tsx` hydrates that markup when the visitor is in exactly that situation, and renders from scratch otherwise.
 */

import type { Locale } from '@bloom/shared/i18n/locales';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { I18nProvider, loadWebMessages, type WebMessages } from './lib/i18n';

/** What index.html says in one language besides the landing itself. */
export interface PageWords {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  noscript: string;
}

export interface PrerenderedLanding {
  markup: string;
  words: PageWords;
}

/** The text of a message that has no arguments, as compiled (literal elements only). */
function text(messages: WebMessages, id: string): string {
  const ast = messages[id];
  if (!ast) throw new Error(`No message ${id}`);
  // Type 0 is a literal: these messages have no arguments.
  return ast.map((element) => (element.type === 0 ? element.value : '')).join('');
}

export async function renderLanding(locale: Locale): Promise<PrerenderedLanding> {
  const messages = await loadWebMessages(locale);
  const markup = renderToString(
    <I18nProvider initial={{ locale, messages }}>
      <StaticRouter location="/">
        <AppContent />
      </StaticRouter>
    </I18nProvider>,
  );
  return {
    markup,
    words: {
      title: text(messages, 'html.title'),
      description: text(messages, 'html.description'),
      ogTitle: text(messages, 'html.ogTitle'),
      ogDescription: text(messages, 'html.ogDescription'),
      noscript: text(messages, 'html.noscript'),
    },
  };
}
