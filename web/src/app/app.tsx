import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastViewport } from '../components/toast';
import { AuthProvider } from '../lib/auth';
import { HomeViewProvider } from './home-view';
import { AppModalsProvider } from './modals';
import { PendingCheckoutRedirect } from './pending-checkout';
import { AppRoutes } from './routes';

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
          <AppRoutes />
          <ToastViewport />
        </AppModalsProvider>
      </HomeViewProvider>
    </AuthProvider>
  );
}

/**
 * The browser app. It marks <html data-app-ready="true"> once React owns the page: until then the prerendered
 * landing page is visible but its buttons do nothing yet (browser journeys wait for the mark).
 */
export function App() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
