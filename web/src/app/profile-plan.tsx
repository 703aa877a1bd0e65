import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
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
        <FormattedMessage id="app.account.plans" />
      </ButtonLink>
    );
  }
  return (
    <FinePrint role="status">
      <FormattedMessage id="app.account.loadingPlan" />
    </FinePrint>
  );
}
