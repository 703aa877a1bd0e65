import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../components/toast';
import { LandingPage } from '../features/landing/landing-page';
import { useAuth } from '../lib/auth';
import { useHomeView } from './home-view';
import { PublicChrome } from './layout';
import { preloadQuiz, useAppModals } from './modals';
import { scrollToSection } from './scroll';

// Signed-in code (planner, coach, the query cache) and the plan preview load only when shown.
const SignedInHome = lazy(() => import('./signed-in-home'));
const PlanPreview = lazy(() => import('../features/plan-preview/plan-preview'));

/**
 * Stripe's success_url: `/?checkout=success` (CHECKOUT_RETURN_PARAM and CHECKOUT_SUCCESS_VALUE in
 * @bloom/shared/billing/checkout, restated here because that module brings zod, too heavy for the first load;
 * home.test.ts keeps the two in step).
 */
export const CHECKOUT_RETURN_PARAM = 'checkout';
export const CHECKOUT_SUCCESS_VALUE = 'success';

/** The query parameters home understands; they are removed from the address about 100 ms after use. */
const ONE_SHOT_PARAMS = ['autoQuiz', 'authModal', CHECKOUT_RETURN_PARAM] as const;

export const WELCOME_TO_PRO =
  'Welcome to Bloom Pro! Unlimited planning, custom activities and your coach are ready.';
const PARAM_CLEANUP_DELAY_MS = 100;

function LoadingView({ label }: { label: string }) {
  return (
    <div className="loading-view" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
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

  useEffect(() => {
    const autoQuiz = params.get('autoQuiz') === 'true';
    const authModal = params.get('authModal') === 'true';
    if (autoQuiz) openQuiz();
    if (authModal) openSignIn();
    // Stripe sends a successful checkout back to /?checkout=success (the webhook has already made the user Pro).
    if (params.get(CHECKOUT_RETURN_PARAM) === CHECKOUT_SUCCESS_VALUE) showToast(WELCOME_TO_PRO, 'success');
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

  if (view === 'weekly' || view === 'day') {
    if (status !== 'signedIn') return <LoadingView label="Loading your activities..." />;
    return (
      <Suspense fallback={<LoadingView label="Loading your activities..." />}>
        <SignedInHome />
      </Suspense>
    );
  }

  return (
    <PublicChrome>
      {view === 'planner' ? (
        <Suspense fallback={<LoadingView label="Preparing your plan..." />}>
          <PlanPreview onSignIn={openSignIn} onStartOver={startOver} />
        </Suspense>
      ) : (
        <LandingPage onStartQuiz={openQuiz} onPreloadQuiz={preloadQuiz} onSignIn={openSignIn} />
      )}
    </PublicChrome>
  );
}
