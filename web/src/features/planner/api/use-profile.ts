import type { Profile } from '@bloom/shared/api/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, meQuery, messageOf, queryKeys, useApi } from '../../../lib/api';
import { getQuizAnswers, setQuizAnswers } from '../../../lib/storage';
import { browserTimeZone } from '../../../lib/time-zone';

/**
 * Once per sign-in, before the first week loads: saves the time zone (so "today" and streaks are hers) and any
 * quiz answers given before signing in, which the server turns into her plan when it first builds a week. The
 * saved profile fills the cache; if saving fails, the profile is read instead. True once that has settled.
 */
export function useProfileSync(notify: (message: string) => void): boolean {
  const api = useApi();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const save = useMutation({
    mutationFn: api.updateProfile,
    onSuccess: (saved, body) => {
      if (body.quizAnswers) setQuizAnswers(null);
      queryClient.setQueryData(queryKeys.me, saved);
    },
    onError: (error) => {
      // Answers the server rejects would be rejected on every load; keep going with the saved profile.
      if (error instanceof ApiError && error.status === 400) setQuizAnswers(null);
      notify(messageOf(error));
    },
  });
  useQuery({ ...meQuery(api), enabled: save.isError });

  const { mutate } = save;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const quizAnswers = getQuizAnswers();
    mutate({ timeZone: browserTimeZone(), ...(quizAnswers ? { quizAnswers } : {}) });
  }, [mutate]);

  return save.isSuccess || save.isError;
}

/** Her profile as last saved or read; null until the sign-in sync has it. */
export function useProfile(): Profile | null {
  const api = useApi();
  return useQuery({ ...meQuery(api), enabled: false }).data ?? null;
}
