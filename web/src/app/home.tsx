import {
  CHECKOUT_RETURN_PARAM,
  CHECKOUT_SESSION_PARAM,
  CHECKOUT_SUCCESS_VALUE,
} from '@bloom/shared/billing/checkout-return';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { FarewellNotice } from '../features/account/farewell-notice';
import { LandingPage } from '../features/landing/landing-page';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './home.module.css';
import { useHomeView } from './home-view';
import { PublicChrome } from './layout';
import { preloadQuiz, useAppModals } from './modals';
import { PublicCoachButton } from './public-coach-button';
import { scrollToSection } from './scroll';

// Signed-in code (planner, coach, the query cache) and the plan preview load only when shown.
const SignedInHome = lazy(() => import('./signed-in-home'));
const PlanPreview = lazy(() => import('../features/plan-preview/plan-preview'));

/** The query parameters home understands; they are removed from the address about 100 ms after use. */
const ONE_SHOT_PARAMS = ['autoQuiz', 'authModal', CHECKOUT_RETURN_PARAM, CHECKOUT_SESSION_PARAM] as const;

const PARAM_CLEANUP_DELAY_MS = 100;

/** A wait, said calmly: `label` is the message id of what is coming. */
function LoadingView({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spinner />
      <p>
        <FormattedMessage id={label} />
      </p>
    </div>
  );
}

/** `/`: landing, the personalised plan preview, or (signed in) the planner's weekly and day views. */
export function HomePage() {
  const { view, startOver } = useHomeView();
  const { status } = useAuth();
  const { openQuiz, openSignIn } = useAppModals();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Home's tab title is Bloom's own, in her language, as the page arrived (index.html's; each other page names itself).
  useDocumentTitle(useIntl().formatMessage({ id: 'html.title' }));
  // Back from Stripe Checkout: the signed-in home finishes the upgrade with this session ('' when Stripe gave
  // none). Kept here because the address is tidied a moment later.
  const [checkoutSessionId] = useState(() =>
    params.get(CHECKOUT_RETURN_PARAM) === CHECKOUT_SUCCESS_VALUE
      ? (params.get(CHECKOUT_SESSION_PARAM) ?? '')
      : null,
  );

  useEffect(() => {
    const autoQuiz = params.get('autoQuiz') === 'true';
    const authModal = params.get('authModal') === 'true';
    if (autoQuiz) openQuiz();
    if (authModal) openSignIn();
    if (!ONE_SHOT_PARAMS.some((name) => params.has(name))) return;
    const timer = setTimeout(() => {
      const rest = new URLSearchParams(params);
      for (const name of ONE_SHOT_PARAMS) rest.delete(name);
      const search = rest.toString();
      navigate({ pathname: '/', search: search ? `?${search}` : '' }, { replace: true });
    }, PARAM_CLEANUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [params, openQuiz, openSignIn, navigate]);

  const section = (location.state as { section?: string } | null)?.section;
  useEffect(() => {
    if (section && view === 'landing') scrollToSection(section);
  }, [section, view]);

  if (view === 'weekly' || view === 'day' || view === 'progress') {
    if (status !== 'signedIn') return <LoadingView label="app.loading.activities" />;
    return (
      <Suspense fallback={<LoadingView label="app.loading.activities" />}>
        <SignedInHome checkoutSessionId={checkoutSessionId} />
      </Suspense>
    );
  }

  return (
    <PublicChrome>
      {view === 'planner' ? (
        <Suspense fallback={<LoadingView label="app.loading.plan" />}>
          <PlanPreview onSignIn={openSignIn} onStartOver={startOver} />
        </Suspense>
      ) : (
        <>
          <FarewellNotice />
          <LandingPage onStartQuiz={openQuiz} onPreloadQuiz={preloadQuiz} onSignIn={openSignIn} />
        </>
      )}
      <PublicCoachButton />
    </PublicChrome>
  );
}
