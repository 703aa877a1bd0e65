import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../components/button';
import { FinePrint } from '../components/fine-print';
import { SubscriptionPanel } from '../features/billing';
import { meQuery, useApi } from '../lib/api';
import { SessionQueries } from './session-queries';

/** Her plan in the header's profile dialog, read from her session's cache (loaded when the dialog opens). */
export default function ProfilePlan({ onLeave }: { onLeave(): void }) {
  return (
    <SessionQueries>
      <ProfilePlanPanel onLeave={onLeave} />
    </SessionQueries>
  );
}

function ProfilePlanPanel({ onLeave }: { onLeave(): void }) {
  const api = useApi();
  const me = useQuery(meQuery(api));
  if (me.data)
    return <SubscriptionPanel tier={me.data.tier} subscription={me.data.subscription} onLeave={onLeave} />;
  if (me.isError) {
    // Her plan could not be read: the way to the plans still works.
    return (
      <ButtonLink to="/pricing" variant="secondary" fullWidth onClick={onLeave}>
        Plans and billing
      </ButtonLink>
    );
  }
  return <FinePrint role="status">Loading your plan...</FinePrint>;
}
