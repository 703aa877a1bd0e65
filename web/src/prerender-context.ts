import { isOAuthCallback, mayHaveSession } from './lib/auth/session-hint';
import { getCurrentView, hasFarewell } from './lib/storage';

/**
 * Whether this page load is the one index.html was prerendered for: `/` with no query, no session and no
 * remembered view other than the landing page, and no goodbye to say (a deleted account lands here and must be told
 * at once, not when she next moves the pointer). Then React can hydrate the markup instead of replacing it.
 */
export function matchesPrerenderedLanding(): boolean {
  const view = getCurrentView();
  return (
    window.location.pathname === '/' &&
    window.location.search === '' &&
    (view === null || view === 'landing') &&
    !mayHaveSession() &&
    !isOAuthCallback() &&
    !hasFarewell()
  );
}
