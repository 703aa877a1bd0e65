import type { Activity } from '@bloom/shared/planner/types';
import { useQuery } from '@tanstack/react-query';
import { activitiesQuery, useApi } from '../../../lib/api';

/** The activity library: null while it loads, empty when it could not be loaded (the query client said so). */
export function useLibrary(): Activity[] | null {
  const api = useApi();
  const query = useQuery(activitiesQuery(api));
  if (query.data) return query.data.activities;
  return query.isError ? [] : null;
}
