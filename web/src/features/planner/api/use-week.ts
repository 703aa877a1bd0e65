import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks } from '@bloom/shared/week/week';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { messageOf, readFailure, useApi, weekQuery } from '../../../lib/api';
import { type ActivityNames, named, useActivityNames, useSay } from '../i18n';
import { usePlannerUi } from '../planner-ui';
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
 */
export function useWeek(): WeekState {
  const api = useApi();
  const queryClient = useQueryClient();
  const { weekStart, settledWeekStart, direction, profileReady } = usePlannerUi();
  const query = useQuery({
    ...weekQuery(api, weekStart),
    enabled: profileReady && weekStart === settledWeekStart,
  });

  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || direction === 0) return;
    void queryClient.prefetchQuery(weekQuery(api, addWeeks(weekStart, direction)));
  }, [loaded, direction, weekStart, api, queryClient]);

  const pending = useWithPendingWrites(query.data ?? null);
  const names = useActivityNames();
  const week = useMemo(() => pending && inHerLanguage(pending, names), [pending, names]);
  const say = useSay();
  return {
    week,
    error: query.isError
      ? say(messageOf(readFailure(query.error), CLIENT_MESSAGES.loadYourActivities))
      : null,
    retry: () => void query.refetch(),
  };
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
