import type { Plan } from '@bloom/shared/billing/plans';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newActionKey } from '../../lib/api';
import { createBloomApi } from '../../lib/api/bloom-api';
import { createHttp } from '../../lib/api/http';
import { getPendingCheckoutPlan, setPendingCheckoutPlan } from '../../lib/storage';
import { fakeAuth, renderInApp } from '../../testing/test-utils';
import PricingPage, { CHECKOUT_AFTER_SIGN_IN_DELAY_MS } from './pricing-page';

/**
 * Checkout through Bloom's API client, as the app's default does, signed in with a token and over the `fetch` a
 * test stubs (a prop, not a module mock: the component tests share their modules, web/vitest.config.ts).
 */
const signedInCheckout = (plan: Plan) =>
  createBloomApi(createHttp({ getToken: async () => 'id-token' })).createCheckout(newActionKey(), plan);

afterEach(() => {
  vi.unstubAllGlobals();
});

const pageProps = () => ({ onSignIn: vi.fn(), onOpenPlanner: vi.fn() });

describe('PricingPage', () => {
  it('preselects yearly by default and for unknown plan values', () => {
    renderInApp(<PricingPage {...pageProps()} />, { path: '/pricing?plan=weekly' });
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByText('€49.99')).toBeInTheDocument();
    expect(screen.getByText('Save €33.89 per year')).toBeInTheDocument();
    expect(screen.getByText(/€0\.14\/day/)).toBeInTheDocument();
    expect(screen.getByText('Save 40% on yearly')).toBeInTheDocument();
  });

  it('preselects monthly from ?plan=monthly and toggles between the two', async () => {
    renderInApp(<PricingPage {...pageProps()} />, { path: '/pricing?plan=monthly' });
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByText('€6.99')).toBeInTheDocument();
    expect(screen.getByText(/€0\.23\/day/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByText('€49.99')).toBeInTheDocument();
    expect(screen.queryByText('€6.99')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByText('€6.99')).toBeInTheDocument();
  });

  it('compares the plans as the server enforces them: custom activities 3 a day on Free, unlimited on Pro', () => {
    renderInApp(<PricingPage {...pageProps()} />, { path: '/pricing' });
    const row = screen.getByRole('row', { name: /Custom self-care actions/ });
    expect(row).toHaveTextContent('3 a day');
    expect(row).toHaveTextContent('Unlimited');
  });

  it('shows a Pro subscriber her plan and no checkout at all', () => {
    const auth = fakeAuth({
      status: 'signedIn',
      user: { id: 'u1', email: 'maya@example.com', name: 'Maya', avatarUrl: null },
    });
    renderInApp(<PricingPage {...pageProps()} proPlan={<p>Pro until December 23, 2026</p>} />, {
      path: '/pricing',
      auth,
    });
    expect(screen.getByText("You're on Bloom Pro")).toBeInTheDocument();
    expect(screen.getByText('Pro until December 23, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Your Transformation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('offers no checkout while a signed-in plan is still being checked', () => {
    renderInApp(<PricingPage {...pageProps()} proPlan="checking" />, { path: '/pricing' });
    expect(screen.getByText('Checking your plan...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Your Transformation' })).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in first and remembers the chosen plan', async () => {
    const props = pageProps();
    renderInApp(<PricingPage {...props} />, { path: '/pricing?plan=monthly' });
    expect(screen.queryByRole('button', { name: '← Back to my planner' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Your Transformation' }));
    expect(props.onSignIn).toHaveBeenCalledOnce();
    expect(getPendingCheckoutPlan()).toBe('monthly');
  });

  it('shows "Error creating checkout: {message}" when checkout fails, and the button recovers', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'payment_provider_unavailable', message: 'Stripe is resting' } }),
          { status: 502 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const auth = fakeAuth({
      status: 'signedIn',
      user: { id: 'u1', email: 'maya@example.com', name: 'Maya', avatarUrl: null },
    });
    renderInApp(<PricingPage {...pageProps()} createCheckout={signedInCheckout} />, {
      path: '/pricing?plan=yearly',
      auth,
    });
    expect(screen.getByRole('button', { name: '← Back to my planner' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Your Transformation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating checkout: Stripe is resting');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/billing/checkout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ plan: 'yearly' }) }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start Your Transformation' })).toBeEnabled(),
    );
  });

  it('starts the remembered checkout about a second after coming back signed in', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'internal', message: 'later' } }), { status: 500 }),
      );
      vi.stubGlobal('fetch', fetchMock);
      setPendingCheckoutPlan('monthly');
      const auth = fakeAuth({
        status: 'signedIn',
        user: { id: 'u1', email: 'maya@example.com', name: 'Maya', avatarUrl: null },
      });
      renderInApp(<PricingPage {...pageProps()} createCheckout={signedInCheckout} />, {
        path: '/pricing?plan=monthly',
        auth,
      });
      await vi.advanceTimersByTimeAsync(CHECKOUT_AFTER_SIGN_IN_DELAY_MS - 100);
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(fetchMock).toHaveBeenCalledOnce();
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/billing/checkout',
        expect.objectContaining({ body: JSON.stringify({ plan: 'monthly' }) }),
      );
      expect(getPendingCheckoutPlan()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
