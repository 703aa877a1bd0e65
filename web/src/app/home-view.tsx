import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAuth } from '../lib/auth';
import { clearPlanState, getCurrentView, type HomeView, setCurrentView } from '../lib/storage';

export type { HomeView } from '../lib/storage';

export interface HomeViewState {
  /**
   * What `/` shows: `landing`, `planner` (the pre-sign-in plan preview), `weekly`, `day` or `progress` (signed in).
   */
  view: HomeView;
  /** Switches the view and remembers it in `currentView`. */
  setView(view: HomeView): void;
  /**
   * Start Over (docs/rules.md#screens): forgets view, day index and quiz answers, and shows the landing page.
   */
  startOver(): void;
}

const HomeViewContext = createContext<HomeViewState | null>(null);

/**
 * The home route's view, remembered in browser storage. When the auth state settles: a signed-in user on the
 * landing page or the preview moves to `weekly`; a signed-out user on a signed-in view goes back to `landing`.
 * It reacts to sign-in and sign-out only, so a signed-in user who chooses Start Over stays on the landing
 * page (to retake the quiz) until they finish it.
 */
export function HomeViewProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [view, setViewState] = useState<HomeView>(() => getCurrentView() ?? 'landing');
  const viewRef = useRef(view);
  viewRef.current = view;

  const setView = useCallback((next: HomeView) => {
    setCurrentView(next);
    setViewState(next);
  }, []);

  const startOver = useCallback(() => {
    clearPlanState();
    setViewState('landing');
    // The button sits at the foot of the week; the landing page should open on its hero, not mid-page.
    window.scrollTo?.({ top: 0, behavior: 'instant' });
  }, []);

  useEffect(() => {
    const current = viewRef.current;
    if (status === 'signedIn' && (current === 'landing' || current === 'planner')) setView('weekly');
    if (status === 'signedOut' && (current === 'weekly' || current === 'day' || current === 'progress'))
      setView('landing');
  }, [status, setView]);

  const value = useMemo(() => ({ view, setView, startOver }), [view, setView, startOver]);
  return <HomeViewContext.Provider value={value}>{children}</HomeViewContext.Provider>;
}

export function useHomeView(): HomeViewState {
  const value = useContext(HomeViewContext);
  if (!value) throw new Error('useHomeView must be used inside <HomeViewProvider>');
  return value;
}
