import type { Profile } from '@bloom/shared/api/schemas';
import { formatMoney } from '@bloom/shared/i18n/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { showToast } from '../../components/toast';
import { type ActionKey, messageOf, queryKeys, useApi } from '../../lib/api';
import { useLocale } from '../../lib/i18n';

/**
 * Goes to Stripe's customer portal: card, cancel or resume, invoices. Says why when it cannot. `mutate` takes the
 * press's `newActionKey()`.
 */
export function useOpenPortal() {
  const api = useApi();
  return useMutation({
    mutationFn: (key: ActionKey) => api.openBillingPortal(key),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showToast(messageOf(error), 'error'),
  });
}

/**
 * The money-back guarantee: cancels now and refunds the latest payment; her profile shows it at once. `mutate`
 * takes the press's `newActionKey()`, so a refund is asked for once however often it is sent.
 */
export function useRequestRefund() {
  const api = useApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const locale = useLocale();
  return useMutation({
    mutationFn: (key: ActionKey) => api.requestRefund(key),
    onSuccess: ({ amount, currency, subscription }) => {
      queryClient.setQueryData<Profile>(queryKeys.me, (me) => me && { ...me, tier: 'free', subscription });
      // Her weeks carry the edit allowance of her plan: read them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.weeks });
      // Her price as her language writes it: "€6.99", "6,99 €".
      const refunded = formatMoney(amount / 100, currency, locale);
      showToast(intl.formatMessage({ id: 'billing.refund.done' }, { amount: refunded }), 'success');
    },
    onError: (error) => showToast(messageOf(error), 'error'),
  });
}
