import type { Profile } from '@bloom/shared/api/schemas';
import { showToast } from '../components/toast';
import { AccountDataMenu } from '../features/account';
import { BillingNotices, SubscriptionPanel } from '../features/billing';
import { PlannerProvider, PlannerScreens, type PlannerView, useProfile } from '../features/planner';
import { ProgressScreen } from '../features/progress';
import { RemindersButton } from '../features/reminders';
import { type BloomApi, bloomApi } from '../lib/api';
import { AccountLinks } from './account-links';
import { useHomeView } from './home-view';
import { SessionQueries } from './session-queries';
import { SessionCoach } from './signed-in-coach';

const notifyError = (message: string) => showToast(message, 'error');
const inform = (message: string) => showToast(message, 'info');

/**
 * What the planner's account places (the top bar, compact, and the account sheet) hold besides her identity:
 * "Your progress", "Add to calendar", her plan and her data.
 */
function accountExtras(openProgress: () => void) {
  return (profile: Profile | null, placement: 'compact' | 'full') => (
    <>
      <AccountLinks placement={placement} onOpenProgress={openProgress} />
      <RemindersButton fullWidth={placement === 'full'} />
      {profile ? (
        <>
          <SubscriptionPanel
            tier={profile.tier}
            subscription={profile.subscription}
            compact={placement === 'compact'}
          />
          <AccountDataMenu />
        </>
      ) : null}
    </>
  );
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
  return (
    <SessionQueries api={api}>
      <PlannerProvider
        notify={notifyError}
        inform={inform}
        accountExtras={accountExtras(() => setView('progress'))}
      >
        <Billing checkoutSessionId={checkoutSessionId} />
        {view === 'progress' ? (
          <ProgressScreen onBack={() => setView('weekly')} />
        ) : (
          <PlannerScreens view={plannerView} onViewChange={setView} onStartOver={startOver} />
        )}
        <SessionCoach />
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
