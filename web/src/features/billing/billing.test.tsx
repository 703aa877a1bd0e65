import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../components/toast';
import { ApiProvider, type BloomApi, createQueryClient } from '../../lib/api';
import { loadWebMessages } from '../../lib/i18n';
import { englishMessages } from '../../testing/english-messages';
import { createFakeApi, makeWeek } from '../../testing/fake-api';
import { renderInApp } from '../../testing/test-utils';
import { BillingNotices } from './billing-notices';
import { planLine } from './subscription-copy';
import { SubscriptionPanel } from './subscription-panel';
import { CONFIRM_TIMEOUT_MS } from './use-checkout-return';

const active: SubscriptionSummary = {
  status: 'active',
  plan: 'monthly',
  currentPeriodEnd: '2026-12-23T10:00:00.000Z',
  cancelAtPeriodEnd: false,
};

function renderWithApi(ui: ReactElement, api: BloomApi) {
  return renderInApp(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={api}>{ui}</ApiProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  dismissToast();
});

const FINISHING_UPGRADE = 'Finishing your upgrade...';
const PAYMENT_BEING_CONFIRMED = 'Your payment is being confirmed; Pro will appear shortly.';
const WELCOME_TO_PRO =
  'Welcome to Bloom Pro! Unlimited planning, custom activities and your coach are ready.';
const PAYMENT_FAILED = "Your last payment didn't go through - update your card";

describe('planLine', () => {
  it('names the free plan, the renewal, the end after cancelling and a failed payment', () => {
    const intl = createIntl({ locale: 'en-US', messages: englishMessages });
    expect(planLine(intl, 'free', null)).toBe('Free plan');
    expect(planLine(intl, 'pro', active)).toBe('Bloom Pro · renews on December 23, 2026');
    expect(planLine(intl, 'pro', { ...active, cancelAtPeriodEnd: true })).toBe('Pro until December 23, 2026');
    expect(planLine(intl, 'pro', { ...active, status: 'past_due' })).toBe(`Bloom Pro · ${PAYMENT_FAILED}`);
  });

  it('says her plan in her language, dates as her language writes them', async () => {
    const intl = createIntl({ locale: 'de-DE', messages: await loadWebMessages('de') });
    expect(planLine(intl, 'pro', active)).toBe('Bloom Pro · verlängert sich am 23. Dezember 2026');
    expect(planLine(intl, 'free', null)).toBe('Kostenloser Tarif');
  });
});

describe('SubscriptionPanel', () => {
  it('offers Plans and billing on the free plan', () => {
    const { api } = createFakeApi(makeWeek([]));
    renderWithApi(<SubscriptionPanel tier="free" subscription={null} />, api);
    expect(screen.getByRole('link', { name: 'Plans and billing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('opens the customer portal for Pro, and refunds only after she confirms', async () => {
    const fake = createFakeApi(makeWeek([]), { tier: 'pro', subscription: active });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderWithApi(<SubscriptionPanel tier="pro" subscription={active} />, fake.api);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.test/portal'));

      await user.click(screen.getByRole('button', { name: '30-day money-back guarantee' }));
      expect(fake.calls.some((call) => call.name === 'requestRefund')).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Refund and cancel Pro' }));
      expect(await screen.findByText(/Your refund of €6.99 is on its way/)).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('BillingNotices', () => {
  it('says "Finishing your upgrade..." until Stripe says Pro, then welcomes her', async () => {
    const fake = createFakeApi(makeWeek([]), { tier: 'pro', subscription: active });
    renderWithApi(<BillingNotices subscription={null} checkoutSessionId="cs_test_1" />, fake.api);
    expect(screen.getByText(FINISHING_UPGRADE)).toBeInTheDocument();
    expect(await screen.findByText(WELCOME_TO_PRO)).toBeInTheDocument();
    expect(screen.queryByText(FINISHING_UPGRADE)).not.toBeInTheDocument();
    expect(fake.calls.find((call) => call.name === 'syncSubscription')?.args).toEqual(['cs_test_1']);
  });

  it('never welcomes her before Stripe confirms: after 15 s it says the payment is being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = createFakeApi(makeWeek([]), { tier: 'free' });
    renderWithApi(<BillingNotices subscription={null} checkoutSessionId="" />, fake.api);
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS + 2_000));
    expect(screen.getByText(PAYMENT_BEING_CONFIRMED)).toBeInTheDocument();
    expect(screen.queryByText(WELCOME_TO_PRO)).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.name === 'syncSubscription').length).toBeGreaterThan(3);
  });

  it('asks her calmly to update her card while Stripe retries a failed payment', async () => {
    const fake = createFakeApi(makeWeek([]), { tier: 'pro' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderWithApi(
        <BillingNotices subscription={{ ...active, status: 'past_due' }} checkoutSessionId={null} />,
        fake.api,
      );
      expect(screen.getByText(PAYMENT_FAILED)).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Update card' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.test/portal'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
