import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from './home';
import { useHomeView } from './home-view';
import { Layout } from './layout';
import { useAppModals } from './modals';

// Only the home route ships in the first load; every other page is its own chunk.
// Pricing knows her plan when she is signed in: its route brings the query cache, in its own chunk.
const PricingPage = lazy(() => import('./pricing-route'));
const BlogIndexPage = lazy(() => import('../features/blog/blog-index-page'));
const BestSelfCareAppsPage = lazy(() => import('../features/blog/best-self-care-apps-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('../features/legal/terms-of-service-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

/** Holds the page's height while a page chunk loads, so nothing jumps when it arrives. */
export function PageFallback() {
  return <div className="page-fallback" aria-busy="true" />;
}

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageFallback />}>{element}</Suspense>;
}

/** The routes, with what their pages ask of the app (dialogs, the home view) handed to them. */
export function AppRoutes() {
  const { openQuiz, openSignIn } = useAppModals();
  const { setView } = useHomeView();
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route element={<Layout />}>
        <Route
          path="/pricing"
          element={page(<PricingPage onSignIn={openSignIn} onOpenPlanner={() => setView('weekly')} />)}
        />
        <Route path="/blog" element={page(<BlogIndexPage />)} />
        <Route
          path="/blog/best-self-care-apps"
          element={page(<BestSelfCareAppsPage onStartQuiz={openQuiz} />)}
        />
        <Route path="/privacy-policy" element={page(<PrivacyPolicyPage />)} />
        <Route path="/terms-of-service" element={page(<TermsOfServicePage />)} />
        <Route path="*" element={page(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}
