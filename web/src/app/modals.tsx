import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SignInDialog } from '../features/auth/sign-in-dialog';
import { useAuth } from '../lib/auth';
import { setPendingCheckoutPlan, setQuizAnswers } from '../lib/storage';
import { useHomeView } from './home-view';

// The quiz brings the quiz schema (valibot) with it, so it loads when someone starts it.
const QuizDialog = lazy(() => import('../features/quiz/quiz-dialog'));

/** Starts loading the quiz early (e.g. on hover of a start button), so opening it feels instant. */
export function preloadQuiz(): void {
  void import('../features/quiz/quiz-dialog');
}

export interface AppModals {
  openQuiz(): void;
  openSignIn(): void;
}

const AppModalsContext = createContext<AppModals | null>(null);

/**
 * The dialogs any page can open: the quiz and the sign-in dialog. Finishing the quiz stores the answers
 * (`quizAnswers`); a signed-in user goes to the weekly planner (which saves them to the API), a signed-out
 * one sees the personalised preview with the sign-in dialog on top.
 */
export function AppModalsProvider({ children }: { children: ReactNode }) {
  const [quizOpen, setQuizOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const { status } = useAuth();
  const { setView } = useHomeView();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const openQuiz = useCallback(() => setQuizOpen(true), []);
  const openSignIn = useCallback(() => setSignInOpen(true), []);

  const onQuizComplete = useCallback(
    (answers: QuizAnswers) => {
      setQuizAnswers(answers);
      setQuizOpen(false);
      setView(status === 'signedIn' ? 'weekly' : 'planner');
      if (pathname !== '/') navigate('/');
      if (status !== 'signedIn') setSignInOpen(true);
    },
    [status, setView, navigate, pathname],
  );

  const value = useMemo(() => ({ openQuiz, openSignIn }), [openQuiz, openSignIn]);
  return (
    <AppModalsContext.Provider value={value}>
      {children}
      {quizOpen ? (
        <Suspense fallback={null}>
          <QuizDialog onClose={() => setQuizOpen(false)} onComplete={onQuizComplete} />
        </Suspense>
      ) : null}
      <SignInDialog
        open={signInOpen}
        onClose={() => {
          setSignInOpen(false);
          // A plan chosen on /pricing waits for this sign-in only; dismissing the dialog lets it go, so a later
          // sign-in never starts a checkout the visitor walked away from.
          setPendingCheckoutPlan(null);
        }}
      />
    </AppModalsContext.Provider>
  );
}

export function useAppModals(): AppModals {
  const value = useContext(AppModalsContext);
  if (!value) throw new Error('useAppModals must be used inside <AppModalsProvider>');
  return value;
}
