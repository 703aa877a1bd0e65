/**
 * Build-time entry (server-side, run by the `bloom-prerender-landing` Vite plugin): renders the landing page a
 * first-time visitor sees on `/`, so index.html paints it before any JavaScript arrives. `main.tsx` hydrates
 * that markup when the visitor is in exactly that situation, and renders from scratch otherwise.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';

export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <AppContent />
    </StaticRouter>,
  );
}
