/**
 * Build-time entry (server-side, run by the `bloom-prerender-landing` Vite plugin): renders the landing page a
 * first-time visitor sees on `/`, so index.html paints it before any JavaScript arrives. `main.tsx` hydrates
 * that markup when the visitor is in exactly that situation, and renders from scratch otherwise.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { I18nProvider, loadWebMessages } from './lib/i18n';

export async function renderLanding(): Promise<string> {
  const translations = { locale: 'en', messages: await loadWebMessages('en') } as const;
  return renderToString(
    <I18nProvider initial={translations}>
      <StaticRouter location="/">
        <AppContent />
      </StaticRouter>
    </I18nProvider>,
  );
}
