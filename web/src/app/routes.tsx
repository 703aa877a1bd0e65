import { SITE_PAGES } from '@bloom/shared/site/pages';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from './home';
import { useHomeView } from './home-view';
import { Layout } from './layout';
import { useAppModals } from './modals';
import styles from './routes.module.css';

// Only the home route ships in the first load; every other page is its own chunk.
// Pricing knows her plan when she is signed in: its route brings the query cache, in its own chunk.
const PricingPage = lazy(() => import('./pricing-route'));
const BlogIndexPage = lazy(() => import('../features/blog/blog-index-page'));
const BestSelfCareAppsPage = lazy(() => import('../features/blog/best-self-care-apps-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('../features/legal/terms-of-service-page'));
const SafetyPage = lazy(() => import('../features/legal/safety-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

/** Holds the page's height while a page chunk loads, so nothing jumps when it arrives. */
export function PageFallback() {
  return <div className={styles.pageFallback} aria-busy="true" />;
}

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageFallback />}>{element}</Suspense>;
}

/**
 * The routes, with what their pages ask of the app (dialogs, the home view) handed to them. Every page is in
 * SITE_PAGES, which the hosts read to answer any other path with status 404.
 */
export function AppRoutes() {
  const { openQuiz, openSignIn } = useAppModals();
  const { setView } = useHomeView();
  return (
    <Routes>
      <Route path={SITE_PAGES.home} element={<HomePage />} />
      <Route element={<Layout />}>
        <Route
          path={SITE_PAGES.pricing}
          element={page(<PricingPage onSignIn={openSignIn} onOpenPlanner={() => setView('weekly')} />)}
        />
        <Route path={SITE_PAGES.blog} element={page(<BlogIndexPage />)} />
        <Route
          path={SITE_PAGES.bestSelfCareApps}
          element={page(<BestSelfCareAppsPage onStartQuiz={openQuiz} />)}
        />
        <Route path={SITE_PAGES.privacyPolicy} element={page(<PrivacyPolicyPage />)} />
        <Route path={SITE_PAGES.termsOfService} element={page(<TermsOfServicePage />)} />
        <Route path={SITE_PAGES.safety} element={page(<SafetyPage />)} />
        <Route path="*" element={page(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}
