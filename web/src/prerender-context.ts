import { isOAuthCallback, mayHaveSession } from './lib/auth/session-hint';
import { currentLocale } from './lib/i18n/locale-store';
import { getCurrentView, hasFarewell } from './lib/storage';

/**
 * Whether this page load is the one index.html was prerendered for: `/` with no query, no session and no
 * remembered view other than the landing page, and no goodbye to say (a deleted account lands here and must be told
 * at once, not when she next moves the pointer), in the language she is shown Bloom in (the site hands out each
 * language's landing by her choice or her browser's: docs/decisions/0009-landing-per-language.md). Then React can
 * hydrate the markup instead of replacing it.
 */
export function matchesPrerenderedLanding(): boolean {
  const view = getCurrentView();
  return (
    window.location.pathname === '/' &&
    window.location.search === '' &&
    (view === null || view === 'landing') &&
    !mayHaveSession() &&
    !isOAuthCallback() &&
    !hasFarewell() &&
    document.documentElement.lang === currentLocale()
  );
}
