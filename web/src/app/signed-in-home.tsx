import type { Profile } from '@bloom/shared/api/schemas';
import { lazy, type ReactNode, Suspense } from 'react';
import { showToast } from '../components/toast';
import {
  PlannerProvider,
  PlannerScreens,
  type PlannerView,
  preloadActivityNames,
  useProfile,
  useWeekPainted,
} from '../features/planner';
import { type BloomApi, bloomApi } from '../lib/api';
import { useHomeView } from './home-view';
import { SessionQueries } from './session-queries';

// Her week needs none of these: each is its own chunk, loaded once her week is on screen (or when shown).
const AccountExtras = lazy(() => import('./account-extras'));
const BillingNotices = lazy(() =>
  import('../features/billing').then((module) => ({ default: module.BillingNotices })),
);
const SessionCoach = lazy(() =>
  import('./signed-in-coach').then((module) => ({ default: module.SessionCoach })),
);
const ProgressScreen = lazy(() =>
  import('../features/progress').then((module) => ({ default: module.ProgressScreen })),
);

// main.tsx, having asked for her week early, fetches this chunk beside React's and her activities' names with it.
export { preloadActivityNames };

const notifyError = (message: string) => showToast(message, 'error');
const inform = (message: string) => showToast(message, 'info');

function accountExtras(openProgress: () => void) {
  return (profile: Profile | null, placement: 'compact' | 'full') => (
    <Suspense fallback={null}>
      <AccountExtras profile={profile} placement={placement} onOpenProgress={openProgress} />
    </Suspense>
  );
}

/** Renders its children once her week is on screen (at once on a screen other than the week), so they load after it. */
function AfterTheWeek({ children, now = false }: { children: ReactNode; now?: boolean }) {
  return useWeekPainted() || now ? <Suspense fallback={null}>{children}</Suspense> : null;
}

interface SignedInHomeProps {
  api?: BloomApi;
  /** The Stripe Checkout Session she just came back from ('' when Stripe named none), or null. */
  checkoutSessionId?: string | null;
}

/** Everything a signed-in person sees on `/`: the planner, billing and the coach, over her session's cache. */
export default function SignedInHome({ api = bloomApi, checkoutSessionId = null }: SignedInHomeProps) {
  const { view, setView, startOver } = useHomeView();
  const plannerView: PlannerView = view === 'day' ? 'day' : 'weekly';
  const progress = view === 'progress';
  return (
    <SessionQueries api={api}>
      <PlannerProvider
        notify={notifyError}
        inform={inform}
        accountExtras={accountExtras(() => setView('progress'))}
      >
        {/* Back from Checkout, what became of her payment is the news: it does not wait for the week. */}
        <AfterTheWeek now={progress || checkoutSessionId !== null}>
          <Billing checkoutSessionId={checkoutSessionId} />
        </AfterTheWeek>
        {progress ? (
          <Suspense fallback={null}>
            <ProgressScreen onBack={() => setView('weekly')} />
          </Suspense>
        ) : (
          <PlannerScreens view={plannerView} onViewChange={setView} onStartOver={startOver} />
        )}
        <AfterTheWeek now={progress}>
          <SessionCoach />
        </AfterTheWeek>
      </PlannerProvider>
    </SessionQueries>
  );
}

function Billing({ checkoutSessionId }: { checkoutSessionId: string | null }) {
  const profile = useProfile();
  return (
    <BillingNotices subscription={profile?.subscription ?? null} checkoutSessionId={checkoutSessionId} />
  );
}
