import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { getPendingCheckoutPlan } from '../lib/storage';

/**
 * A visitor who chose a plan on /pricing before signing in comes back from Google on `/`. Once signed in, take
 * them back to /pricing with that plan; the pricing page then starts checkout about a second later.
 */
export function PendingCheckoutRedirect() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (status !== 'signedIn' || pathname === '/pricing') return;
    const plan = getPendingCheckoutPlan();
    if (plan) navigate(`/pricing?plan=${plan}`, { replace: true });
  }, [status, pathname, navigate]);
  return null;
}
