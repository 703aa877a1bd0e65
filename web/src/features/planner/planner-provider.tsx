import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { browserTimeZone } from '../../lib/time-zone';
import { useProfileSync } from './api/use-profile';
import { useQueuedWeekWrites } from './api/week-writes';
import { celebrateDayComplete } from './confetti';
import { sayIn } from './i18n';
import type { LimitPrompt } from './limit-prompt';
import { type PlannerUi, PlannerUiContext } from './planner-ui';

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Week loads wait until quick successive navigation settles (docs/rules.md#web-request-budget). */
export const WEEK_LOAD_DEBOUNCE_MS = 500;

interface PlannerProviderProps {
  notify: (message: string) => void;
  /** Calm news; `notify` by default. */
  inform?: (message: string) => void;
  children: ReactNode;
  /** The clock, so tests can fix "today". */
  now?: () => Date;
  celebrate?: () => void;
  accountExtras?: PlannerUi['accountExtras'];
}

/**
 * The signed-in planner's UI state: which week is on screen, the limit dialog, the offer to replace the week's
 * plan, and how it speaks (toasts, confetti). It also saves the profile once per sign-in. Server state (profile, library, weeks) lives in the
 * query cache (./api), never here.
 */
export function PlannerProvider({
  notify: notifyAny,
  inform: informAny = notifyAny,
  children,
  now = () => new Date(),
  celebrate,
  accountExtras,
}: PlannerProviderProps) {
  const [weekStart, setWeekStart] = useState(() => weekStartOf(todayIn(browserTimeZone(), now())));
  const [settledWeekStart, setSettledWeekStart] = useState(weekStart);
  const [direction, setDirection] = useState<-1 | 0 | 1>(0);
  const [limitPrompt, setLimitPrompt] = useState<LimitPrompt | null>(null);
  const [replanOffer, setReplanOffer] = useState<string | null>(null);
  // What the web says of a failure in English (shared's catalogues) is said in her language.
  const intl = useIntl();
  const notify = useCallback((message: string) => notifyAny(sayIn(intl, message)), [notifyAny, intl]);
  const inform = useCallback((message: string) => informAny(sayIn(intl, message)), [informAny, intl]);
  const profileReady = useProfileSync(notify, (offer) => setReplanOffer(offer.weekStart));
  const [profileSaved] = useState(deferred);
  useEffect(() => {
    if (profileReady) profileSaved.resolve();
  }, [profileReady, profileSaved]);
  // Writes settle after the render that made them, sometimes after a reload: they speak through the latest UI.
  const latest = useRef<PlannerUi | null>(null);
  const currentUi = useCallback(() => latest.current as PlannerUi, []);
  useQueuedWeekWrites(currentUi);

  useEffect(() => {
    if (weekStart === settledWeekStart) return;
    const timer = setTimeout(() => setSettledWeekStart(weekStart), WEEK_LOAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [weekStart, settledWeekStart]);

  const goToWeek = useCallback((offset: -1 | 1) => {
    setDirection(offset);
    setWeekStart((current) => addWeeks(current, offset));
  }, []);
  const closeLimitPrompt = useCallback(() => setLimitPrompt(null), []);
  const closeReplanOffer = useCallback(() => setReplanOffer(null), []);
  const [clock] = useState(() => now);
  const [onDayComplete] = useState(() => celebrate ?? (() => void celebrateDayComplete()));

  const value = useMemo<PlannerUi>(
    () => ({
      weekStart,
      settledWeekStart,
      direction,
      goToWeek,
      profileReady,
      whenProfileReady: profileSaved.promise,
      limitPrompt,
      showLimitPrompt: setLimitPrompt,
      closeLimitPrompt,
      replanOffer,
      closeReplanOffer,
      notify,
      inform,
      celebrate: onDayComplete,
      now: clock,
      ...(accountExtras ? { accountExtras } : {}),
    }),
    [
      weekStart,
      settledWeekStart,
      direction,
      goToWeek,
      profileReady,
      profileSaved,
      limitPrompt,
      closeLimitPrompt,
      replanOffer,
      closeReplanOffer,
      notify,
      inform,
      onDayComplete,
      clock,
      accountExtras,
    ],
  );
  latest.current = value;
  return <PlannerUiContext.Provider value={value}>{children}</PlannerUiContext.Provider>;
}
