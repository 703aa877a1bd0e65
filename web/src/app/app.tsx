import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastViewport } from '../components/toast';
import { AuthProvider, useAuth } from '../lib/auth';
import { I18nProvider, type Translations } from '../lib/i18n';
import { HomeViewProvider } from './home-view';
import { AppModalsProvider } from './modals';
import { PendingCheckoutRedirect } from './pending-checkout';
import { AppRoutes } from './routes';

// Signed-in code: loaded once she signs in.
const ProfileLanguage = lazy(() => import('./profile-language'));

/** While she is signed in, the language she picks is saved on her profile, on every page. */
function SignedInLanguage() {
  const { status } = useAuth();
  if (status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <ProfileLanguage />
    </Suspense>
  );
}

/**
 * Everything inside the router: auth, the remembered home view, the app-wide dialogs (quiz, sign-in), routes
 * and toasts. The browser wraps it in a BrowserRouter; the build-time prerender in a StaticRouter.
 */
export function AppContent() {
  return (
    <AuthProvider>
      <HomeViewProvider>
        <AppModalsProvider>
          <PendingCheckoutRedirect />
          <SignedInLanguage />
          <AppRoutes />
          <ToastViewport />
        </AppModalsProvider>
      </HomeViewProvider>
    </AuthProvider>
  );
}

/**
 * The browser app, in the language it was booted in (`translations`, docs/rules.md#languages). It marks
 * <html data-app-ready="true"> once React owns the page: until then the prerendered landing page is visible but
 * its buttons do nothing yet (browser journeys wait for the mark).
 */
export function App({ translations }: { translations: Translations }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <I18nProvider initial={translations}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </I18nProvider>
  );
}
