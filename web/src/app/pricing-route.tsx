import { useQuery } from '@tanstack/react-query';
import { SubscriptionPanel } from '../features/billing';
import PricingPage from '../features/pricing/pricing-page';
import { meQuery, useApi } from '../lib/api';
import { useAuth } from '../lib/auth';
import { SessionQueries } from './session-queries';

interface PricingRouteProps {
  onSignIn(): void;
  onOpenPlanner(): void;
}

/** /pricing: the plans for visitors and the free plan; her own plan, never a second checkout, on Pro. */
export default function PricingRoute(props: PricingRouteProps) {
  const { status } = useAuth();
  if (status !== 'signedIn') return <PricingPage {...props} />;
  return (
    <SessionQueries>
      <SignedInPricing {...props} />
    </SessionQueries>
  );
}

function SignedInPricing(props: PricingRouteProps) {
  const api = useApi();
  const me = useQuery(meQuery(api));
  if (me.isPending) return <PricingPage {...props} proPlan="checking" />;
  // Her plan could not be read: the server still refuses a second subscription (it answers with the portal).
  if (me.data?.tier !== 'pro') return <PricingPage {...props} />;
  return (
    <PricingPage {...props} proPlan={<SubscriptionPanel tier="pro" subscription={me.data.subscription} />} />
  );
}
