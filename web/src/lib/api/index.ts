import { getIdToken, signOutDeletedAccount } from '../auth';
import { type BloomApi, createBloomApi } from './bloom-api';
import { createHttp } from './http';

export { newActionKey } from './action-key';
export type { BloomApi, RemindersResponse } from './bloom-api';
export { ApiProvider, useApi } from './context';
export { ApiError, isAbort, isQueueable, messageOf, readFailure } from './errors';
export type { ActionKey } from './http';
export {
  activitiesQuery,
  coachMessagesQuery,
  meQuery,
  progressQuery,
  queryKeys,
  remindersQuery,
  weekQuery,
} from './queries';
export { createQueryClient } from './query-client';

/** Bloom's API as the signed-in app uses it: same origin, the user's Cognito ID token as bearer. */
export const bloomApi: BloomApi = createBloomApi(
  createHttp({ getToken: getIdToken, onAccountDeleted: () => void signOutDeletedAccount() }),
);
