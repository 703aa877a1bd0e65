import type { Activity } from '@bloom/shared/planner/types';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activitiesQuery, useApi } from '../../../lib/api';
import { named, useActivityNames } from '../i18n';

/** The activity library: null while it loads, empty when it could not be loaded (the query client said so). */
export function useLibrary(): Activity[] | null {
  const api = useApi();
  const query = useQuery(activitiesQuery(api));
  const names = useActivityNames();
  const activities = query.data?.activities;
  // The catalogue's activities in her language; her own keep her words.
  const shown = useMemo(
    () => activities?.map((activity) => (activity.isCustom ? activity : named(names, activity, activity.id))),
    [activities, names],
  );
  if (shown) return shown;
  return query.isError ? [] : null;
}
