import type { Profile } from '@bloom/shared/api/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { showToast } from '../../components/toast';
import { newActionKey, queryKeys, useApi } from '../../lib/api';

/** How long "Finishing your upgrade..." waits for Stripe before saying, honestly, that it is still confirming. */
export const CONFIRM_TIMEOUT_MS = 15_000;
/** Asks again this often while she waits, then less often until Pro appears or RECHECK_FOR_MS has passed. */
export const SYNC_INTERVAL_MS = 1_500;
export const RECHECK_INTERVAL_MS = 5_000;
export const RECHECK_FOR_MS = 120_000;

export type CheckoutReturnState = 'finishing' | 'confirming' | 'done';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Back from Stripe Checkout (`sessionId` '' when Stripe named no session; null when she did not come from it): Bloom asks Stripe itself (POST /api/billing/sync) rather than waiting for the
 * webhook, and welcomes her only once Stripe says Pro. Never a false welcome: if Stripe has not confirmed within
 * CONFIRM_TIMEOUT_MS, it says the payment is being confirmed and keeps checking quietly.
 */
export function useCheckoutReturn(sessionId: string | null): CheckoutReturnState {
  const api = useApi();
  const queryClient = useQueryClient();
  // The welcome in the language shown when it comes; a new language does not start the checks again.
  const shown = useIntl();
  const intl = useRef(shown);
  intl.current = shown;
  const [state, setState] = useState<CheckoutReturnState>(sessionId === null ? 'done' : 'finishing');

  useEffect(() => {
    if (sessionId === null) return;
    let cancelled = false;
    const started = Date.now();
    (async () => {
      while (!cancelled && Date.now() - started < CONFIRM_TIMEOUT_MS + RECHECK_FOR_MS) {
        // Each check asks Stripe afresh, so each is its own action (a replayed key would repeat an old answer).
        const result = await api.syncSubscription(newActionKey(), sessionId || undefined).catch(() => null);
        if (cancelled) return;
        if (result) {
          queryClient.setQueryData<Profile>(queryKeys.me, (me) => me && { ...me, ...result });
        }
        if (result?.tier === 'pro') {
          // Her weeks now allow unlimited edits: read them again.
          void queryClient.invalidateQueries({ queryKey: queryKeys.weeks });
          showToast(intl.current.formatMessage({ id: 'billing.checkout.welcome' }), 'success');
          setState('done');
          return;
        }
        const waited = Date.now() - started;
        if (waited >= CONFIRM_TIMEOUT_MS) setState('confirming');
        await sleep(waited < CONFIRM_TIMEOUT_MS ? SYNC_INTERVAL_MS : RECHECK_INTERVAL_MS);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, queryClient, sessionId]);

  return state;
}
