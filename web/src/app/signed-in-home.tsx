import type { Profile } from '@bloom/shared/api/schemas';
import { showToast } from '../components/toast';
import { BillingNotices, SubscriptionPanel } from '../features/billing';
import { PlannerProvider, PlannerScreens, type PlannerView, useProfile } from '../features/planner';
import { RemindersButton } from '../features/reminders';
import { type BloomApi, bloomApi } from '../lib/api';
import { useHomeView } from './home-view';
import { SessionQueries } from './session-queries';
import { SessionCoach } from './signed-in-coach';

const notifyError = (message: string) => showToast(message, 'error');

/** Her plan and her reminders in the planner's account places: the top bar (compact) and the account sheet. */
function accountPlan(profile: Profile | null, placement: 'compact' | 'full') {
  if (!profile) return null;
  return (
    <>
      <SubscriptionPanel
        tier={profile.tier}
        subscription={profile.subscription}
        compact={placement === 'compact'}
      />
      <RemindersButton fullWidth={placement === 'full'} />
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
      <PlannerProvider notify={notifyError} accountExtras={accountPlan}>
        <Billing checkoutSessionId={checkoutSessionId} />
        <PlannerScreens view={plannerView} onViewChange={setView} onStartOver={startOver} />
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
