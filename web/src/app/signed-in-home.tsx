import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../components/toast';
import { CoachWidget } from '../features/coach/coach-widget';
import { PlannerProvider, PlannerScreens, type PlannerView, useProfile } from '../features/planner';
import { ApiProvider, type BloomApi, bloomApi, createQueryClient } from '../lib/api';
import { useHomeView } from './home-view';

const notifyError = (message: string) => showToast(message, 'error');

/**
 * Everything a signed-in person sees on `/`: the planner and the coach, over one query cache of her server
 * state. The cache is made per sign-in (this component unmounts on sign-out), so nothing of one account is ever
 * shown to the next. Loaded only when someone is signed in: the landing page never pays for it.
 */
export default function SignedInHome({ api = bloomApi }: { api?: BloomApi }) {
  const { view, setView, startOver } = useHomeView();
  const [queryClient] = useState(() => createQueryClient({ onReadError: notifyError }));
  const plannerView: PlannerView = view === 'day' ? 'day' : 'weekly';
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <PlannerProvider notify={notifyError}>
          <PlannerScreens view={plannerView} onViewChange={setView} onStartOver={startOver} />
          <Coach api={api} />
        </PlannerProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}

/** Bloom for Pro, the Pro invitation for everyone else (her tier comes with the profile). */
function Coach({ api }: { api: BloomApi }) {
  const profile = useProfile();
  return <CoachWidget tier={profile?.tier ?? null} sendMessage={api.sendCoachMessage} />;
}
