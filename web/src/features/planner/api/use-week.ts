import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn } from '@bloom/shared/week/week';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { messageOf, readFailure, useApi, weekQuery } from '../../../lib/api';
import { hasEarlyWeek, takeEarlyWeek } from '../../../lib/api/early-week';
import { useAuth } from '../../../lib/auth';
import { browserTimeZone } from '../../../lib/time-zone';
import { type ActivityNames, named, useActivityNames, useSay } from '../i18n';
import { usePlannerUi } from '../planner-ui';
import { useUnchanged } from '../use-unchanged';
import { useWithPendingWrites } from './week-writes';

export interface WeekState {
  /** The week on screen, or null while it first loads. */
  week: WeekView | null;
  /** Why the week could not be loaded, when it could not. */
  error: string | null;
  retry(): void;
}

/**
 * The week on screen. It is read once navigation has settled and the sign-in profile save is done (her first
 * plan is made from what it saved); a week seen before shows at once from the cache while it is read again. A
 * week no longer on screen is cancelled in flight. Once a week arrives, the next one in the direction she is
 * moving is read ahead, so the following step shows at once.
 *
 * On opening, the week may already be on its way (lib/api/early-week.ts, asked for as the page loaded): it is
 * the query's first answer, without waiting for the profile save, if it is hers and counts today as the browser
 * does; otherwise the week is read the usual way once the save is done.
 *
 * What did not change keeps its object from one render to the next (structural sharing, as TanStack Query keeps
 * its cache): a tick gives a new object only to its activity, its day and the week, so the screens draw again
 * only the card and slot it changed.
 */
export function useWeek(): WeekState {
  const query = useWeekQuery(wholeWeek);
  const pending = useWithPendingWrites(query.data ?? null);
  const names = useActivityNames();
  const week = useUnchanged(useMemo(() => pending && inHerLanguage(pending, names), [pending, names]));
  const say = useSay();
  const { refetch } = query;
  // Offline, TanStack Query holds the read until the connection is back (and then sends it by itself): a week
  // not read yet says why it is not there, rather than "Loading your activities..." for as long as that takes.
  // Asked of the online manager, not of the query's fetch status: reading that would draw the week's readers
  // again each time a read starts and ends (after every tick), for a state that changes only with the network.
  const waitingForConnection = useOffline() && query.data === undefined;
  return {
    week,
    error: query.isError
      ? say(messageOf(readFailure(query.error), CLIENT_MESSAGES.loadYourActivities))
      : waitingForConnection
        ? say(CLIENT_MESSAGES.network)
        : null,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}

/** Whether TanStack Query counts the browser as offline (its reads and writes then wait for the network). */
function useOffline(): boolean {
  return !useSyncExternalStore(subscribeOnline, isOnline);
}
const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * The day the server counts as today in the week on screen (null until it is read). It reads the week as
 * `useWeek` does, so the screens' frame starts the read, but renders again only when today changes, not on
 * each of her ticks.
 */
export function useWeekToday(): string | null {
  return useWeekQuery(selectToday).data ?? null;
}

const wholeWeek = (week: WeekView) => week;
const selectToday = (week: WeekView) => week.today;

/** The week's query, as every screen reads it (see `useWeek`), with what the caller selects of it. */
function useWeekQuery<T>(select: (week: WeekView) => T) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  const { weekStart, settledWeekStart, direction, profileReady, whenProfileReady, now } = usePlannerUi();
  // The week asked for early is read from the start, and stays enabled (no second read when the save is done).
  const [earlyWeekStart] = useState(() => (hasEarlyWeek(userId, weekStart) ? weekStart : null));
  const query = useQuery({
    ...weekQuery(api, weekStart),
    queryFn: async ({ signal }) => {
      const early = takeEarlyWeek(userId, weekStart);
      if (early) {
        const week = await early;
        if (week && week.today === todayIn(browserTimeZone(), now())) return week;
        await whenProfileReady;
      }
      return api.getWeek(weekStart, signal);
    },
    enabled: (profileReady || weekStart === earlyWeekStart) && weekStart === settledWeekStart,
    select,
  });

  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || direction === 0) return;
    void queryClient.prefetchQuery(weekQuery(api, addWeeks(weekStart, direction)));
  }, [loaded, direction, weekStart, api, queryClient]);
  return query;
}

/** The week with the catalogue's activities named in her language (docs/rules.md#languages). */
function inHerLanguage(week: WeekView, names: ActivityNames): WeekView {
  if (names.locale === 'en') return week;
  return {
    ...week,
    days: week.days.map((day) => ({
      ...day,
      activities: day.activities.map((activity) =>
        activity.isCustom ? activity : named(names, activity, activity.activityId),
      ),
    })),
  };
}

/**
 * True from the frame after the week on screen was first drawn (or failed to load): what can wait for it (the
 * coach, billing's notices, the day view's code) is rendered, and loaded, only then, so it never competes with
 * the week. It reads the cache without asking for the week.
 */
export function useWeekPainted(): boolean {
  const api = useApi();
  const { weekStart } = usePlannerUi();
  // Selected down to "there is a week", so her ticks (new week data) do not render its callers again.
  const { data, error } = useQuery({ ...weekQuery(api, weekStart), enabled: false, select: () => true });
  // Deferred as the weekly view's cards are (week/weekly-planner.tsx), so it turns true in the render that draws
  // them, not before: what waits for the week must not load while React is still drawing it in slices.
  const arrived = useDeferredValue(data === true || error !== null);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!arrived || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [arrived, painted]);
  return painted;
}
