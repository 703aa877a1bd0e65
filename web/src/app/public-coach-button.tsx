import { lazy, Suspense, useState } from 'react';
import { CoachLauncher } from '../features/coach/coach-launcher';

const PublicCoach = lazy(() => import('./public-coach'));
const loadPublicCoach = () => void import('./public-coach');

/**
 * The floating Bloom button on the landing page and the plan preview: there from the first paint, while the
 * coach itself (panel, her plan, the API) loads only when she reaches for it, so visitors do not pay for it.
 */
export function PublicCoachButton() {
  const [wanted, setWanted] = useState(false);
  const idle = (
    <CoachLauncher
      open={false}
      onToggle={() => setWanted(true)}
      onPointerEnter={loadPublicCoach}
      onFocus={loadPublicCoach}
    />
  );
  if (!wanted) return idle;
  return (
    <Suspense fallback={idle}>
      <PublicCoach initiallyOpen />
    </Suspense>
  );
}
