import { useQuery } from '@tanstack/react-query';
import { CoachWidget } from '../features/coach/coach-widget';
import { meQuery, useApi } from '../lib/api';
import { SessionQueries } from './session-queries';

/** Bloom for Pro, the Pro invitation for everyone else; her tier comes with her profile, read from the cache. */
export function SessionCoach({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const api = useApi();
  const me = useQuery(meQuery(api));
  return <CoachWidget tier={me.data?.tier ?? null} api={api} initiallyOpen={initiallyOpen} />;
}

/** The coach on the public views (landing, plan preview) when she is signed in: her own cache and plan. */
export default function SignedInCoach({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  return (
    <SessionQueries>
      <SessionCoach initiallyOpen={initiallyOpen} />
    </SessionQueries>
  );
}
