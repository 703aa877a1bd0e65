import { lazy, Suspense } from 'react';
import { CoachWidget } from '../features/coach/coach-widget';
import { bloomApi } from '../lib/api';
import { useAuth } from '../lib/auth';

const SignedInCoach = lazy(() => import('./signed-in-coach'));

/**
 * The floating Bloom button on the landing page and the plan preview. A visitor is not Pro: she sees the Pro
 * invitation. Signed in (back on the landing page to retake the quiz) she sees what her plan gives her; while
 * the session is still being read, neither.
 */
export default function PublicCoach({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { status } = useAuth();
  if (status === 'signedIn') {
    return (
      <Suspense fallback={null}>
        <SignedInCoach initiallyOpen={initiallyOpen} />
      </Suspense>
    );
  }
  return (
    <CoachWidget tier={status === 'signedOut' ? 'free' : null} api={bloomApi} initiallyOpen={initiallyOpen} />
  );
}
