/**
 * The signed-in person an action is for, as Cognito verified her (functions/src/http/caller.ts reads it from
 * the token). The user id is the token's `sub`, never an input, so it always names her own partition.
 */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  /** Her Cognito username (`cognito:username`, `google_…`): what the user-pool API names her by. */
  username?: string;
}
