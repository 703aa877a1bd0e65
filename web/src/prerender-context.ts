import { isOAuthCallback, mayHaveSession } from './lib/auth/session-hint';
import { getCurrentView } from './lib/storage';

/**
 * Whether this page load is the one index.html was prerendered for: `/` with no query, no session and no
 * remembered view other than the landing page. Then React can hydrate the markup instead of replacing it.
 */
export function matchesPrerenderedLanding(): boolean {
  const view = getCurrentView();
  return (
    window.location.pathname === '/' &&
    window.location.search === '' &&
    (view === null || view === 'landing') &&
    !mayHaveSession() &&
    !isOAuthCallback()
  );
}
