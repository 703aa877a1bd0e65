import type { Locale } from '@bloom/shared/i18n/locales';
import type { WeekView } from '@bloom/shared/planner/types';
import { sessionToRefresh, storedSession } from '../auth/stored-session';
import { getCurrentView, getQuizAnswers } from '../storage';

/**
 * Her week, asked for as the first script runs (`main.tsx`), in parallel with the app's own scripts, instead of
 * after React, the session check and the planner have loaded. Only for a returning user on `/` with a stored
 * session, unexpired or one Amplify can refresh (lib/auth/stored-session.ts), and no quiz answers waiting to be saved (her first plan is made
 * from them, so that week waits for `PUT /api/me` as before). The planner takes it once, for the same user and
 * week (features/planner/api/use-week.ts), and uses it only if its `today` is the browser's today: the server
 * counts today in the time zone saved on her profile, and a new one is saved by `PUT /api/me`.
 *
 * A plain `fetch` with the same token and language the API client would send: a failure of any kind is null, and the planner
 * then reads the week the usual way (lib/api/http.ts: its timeout, refresh, errors and messages).
 */
const TIMEOUT_MS = 15_000;

let early: { userId: string; weekStart: string; week: Promise<WeekView | null> } | null = null;

const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The Monday of this week in the browser's own time zone, by its local calendar (what the planner opens on:
 * `weekStartOf(todayIn(browserTimeZone()))`, without shared/src/week/week.ts's time-zone library, which would
 * join this entry file).
 */
export function browserWeekStart(now = new Date()): string {
  return isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)));
}

/**
 * Asks for her week, in `locale` (what the API client would send as `Accept-Language`: lib/i18n), when the
 * planner is what this page load will show; true when it did. With expired stored tokens that Amplify can refresh
 * (a morning visit: an ID token lasts an hour), Amplify's chunk is fetched now and refreshes them, and the week is
 * asked for with the new ID token, beside the app's scripts rather than after them.
 */
export function startEarlyWeek(locale: Locale): boolean {
  if (window.location.pathname !== '/' || window.location.search !== '') return false;
  if (getCurrentView() === 'progress' || getQuizAnswers()) return false;
  const session = storedSession();
  const user = session?.user ?? sessionToRefresh()?.user;
  if (!user) return false;
  const weekStart = browserWeekStart();
  const token = session ? Promise.resolve(session.idToken) : refreshedIdToken();
  const week = withinTimeout(
    token.then((idToken) => (idToken ? readWeek(weekStart, locale, idToken) : null)),
  ).catch(() => null);
  early = { userId: user.id, weekStart, week };
  return true;
}

/** Amplify's session, refreshed (lib/auth/amplify-session.ts: the same module the app's sign-in state uses). */
const refreshedIdToken = () => import('../auth/amplify-session').then((amplify) => amplify.idToken());

function readWeek(weekStart: string, locale: Locale, idToken: string): Promise<WeekView | null> {
  return fetch(`/api/weeks/${weekStart}`, {
    headers: {
      accept: 'application/json',
      'accept-language': locale,
      authorization: `Bearer ${idToken}`,
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).then((response) => (response.ok ? (response.json() as Promise<WeekView>) : null));
}

/** Null once TIMEOUT_MS have passed, so a refresh that hangs never holds the planner's first read. */
function withinTimeout<T>(promise: Promise<T | null>): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), TIMEOUT_MS))]);
}

/** Whether an early read of this user's week is there to take. */
export function hasEarlyWeek(userId: string, weekStart: string): boolean {
  return early?.userId === userId && early.weekStart === weekStart;
}

/** The early read of this user's week, once; null when there is none for them (or it was taken). */
export function takeEarlyWeek(userId: string, weekStart: string): Promise<WeekView | null> | null {
  if (!early || !hasEarlyWeek(userId, weekStart)) return null;
  const { week } = early;
  early = null;
  return week;
}

/** Forgets an untaken early read (sign-out, a deleted account): nothing of hers is handed to the next. */
export function forgetEarlyWeek(): void {
  early = null;
}
