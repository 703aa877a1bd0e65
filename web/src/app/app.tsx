import { BrowserRouter } from 'react-router';
import { ToastViewport } from '../components/toast';
import { AuthProvider } from '../lib/auth';
import { HomeViewProvider } from './home-view';
import { AppModalsProvider } from './modals';
import { PendingCheckoutRedirect } from './pending-checkout';
import { AppRoutes } from './routes';

/** The whole app: auth, the remembered home view, the app-wide dialogs (quiz, sign-in), routes and toasts. */
export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <HomeViewProvider>
          <AppModalsProvider>
            <PendingCheckoutRedirect />
            <AppRoutes />
            <ToastViewport />
          </AppModalsProvider>
        </HomeViewProvider>
      </AuthProvider>
    </BrowserRouter>
  );
}
