import type { Profile, UpdateProfileBody, WeekPlanChange } from '@bloom/shared/api/schemas';
import type { Locale } from '@bloom/shared/i18n/locales';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, meQuery, messageOf, newActionKey, queryKeys, useApi } from '../../../lib/api';
import { currentLocale, setLocale, subscribeLocale } from '../../../lib/i18n';
import { getPlanArrangement, getQuizAnswers, setQuizAnswers } from '../../../lib/storage';
import { browserTimeZone } from '../../../lib/time-zone';

/**
 * Once per sign-in (and once more after Start Over and a new quiz), before the first week loads: saves the time
 * zone (so "today" and streaks are hers) and any quiz answers given before, with the plan preview as she arranged
 * it; the server turns them into her plan when it first builds a week. New answers can change her current week:
 * the server replans an untouched week (its cached copy is read again) or offers to replace it (`onOffer`). The
 * saved profile fills the cache; if saving fails, the profile is read instead. True once that has settled.
 *
 * Her language (docs/rules.md#languages): at sign-in, the one her profile holds is shown on this device; a
 * profile without one is given this device's (`useProfileLocale`).
 */
export function useProfileSync(
  notify: (message: string) => void,
  onOffer: (change: WeekPlanChange) => void = () => {},
): boolean {
  const api = useApi();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const save = useMutation({
    mutationFn: ({ key, body }: { key: string; body: UpdateProfileBody }) => api.updateProfile(key, body),
    onSuccess: ({ planChange, ...saved }, { body }) => {
      if (body.quizAnswers) setQuizAnswers(null);
      queryClient.setQueryData(queryKeys.me, saved);
      if (planChange?.outcome === 'replanned') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.week(planChange.weekStart) });
      }
      if (planChange?.outcome === 'offered') onOffer(planChange);
    },
    onError: (error) => {
      // Answers the server rejects would be rejected on every load; keep going with the saved profile.
      if (error instanceof ApiError && error.status === 400) setQuizAnswers(null);
      notify(messageOf(error));
    },
  });
  useQuery({ ...meQuery(api), enabled: save.isError });
  useProfileLocale(save.data?.locale);

  const { mutate } = save;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const quizAnswers = getQuizAnswers();
    const planArrangement = quizAnswers ? getPlanArrangement() : null;
    mutate({
      key: newActionKey(),
      body: {
        timeZone: browserTimeZone(),
        ...(quizAnswers ? { quizAnswers } : {}),
        ...(planArrangement ? { planArrangement } : {}),
      },
    });
  }, [mutate]);

  return save.isSuccess || save.isError;
}

/** The sign-ins (one query cache each, app/session-queries.tsx) whose language this device has settled. */
const localeSettled = new WeakSet<QueryClient>();

/**
 * Her profile's language and this device's (docs/rules.md#languages), once per sign-in, when the sign-in sync has
 * read the profile (`saved`: its language, null when it has none): the profile's is shown here; a profile
 * without one gets the device's. Later syncs (the planner shown again after pricing) leave it alone: a language
 * she picked since is hers, and `useSaveLocaleFromMenu` saves it. A failed save changes nothing on screen.
 */
function useProfileLocale(saved: Locale | null | undefined): void {
  const queryClient = useQueryClient();
  const saveLocale = useSaveLocale();

  useEffect(() => {
    if (saved === undefined || localeSettled.has(queryClient)) return;
    localeSettled.add(queryClient);
    if (saved === null) saveLocale(currentLocale());
    else if (saved !== currentLocale()) setLocale(saved, 'profile');
  }, [saved, saveLocale, queryClient]);
}

/** Saves a language on her profile (PUT /api/me) and keeps the saved profile in the cache. */
function useSaveLocale(): (locale: Locale) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (locale: Locale) => api.updateProfile(newActionKey(), { locale }),
    onSuccess: ({ planChange: _unchanged, ...profile }) => queryClient.setQueryData(queryKeys.me, profile),
  });
  return mutate;
}

/**
 * While she is signed in, on any page (the planner, pricing, the blog): a language she picks in a language menu
 * is saved on her profile, so push texts, the calendar feed and the coach follow it and her next sign-in keeps it.
 * Mounted once for the whole signed-in app (app/profile-language.tsx).
 */
export function useSaveLocaleFromMenu(): void {
  const queryClient = useQueryClient();
  const saveLocale = useSaveLocale();
  useEffect(
    () =>
      subscribeLocale((locale, origin) => {
        if (origin !== 'menu') return;
        if (queryClient.getQueryData<Profile>(queryKeys.me)?.locale === locale) return;
        saveLocale(locale);
      }),
    [queryClient, saveLocale],
  );
}

/** Her profile as last saved or read; null until the sign-in sync has it. */
export function useProfile(): Profile | null {
  const api = useApi();
  return useQuery({ ...meQuery(api), enabled: false }).data ?? null;
}
