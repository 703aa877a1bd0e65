import type { Edits } from '@bloom/shared/planner/types';
import { FREE_WEEKLY_EDIT_LIMIT } from '@bloom/shared/planner/types';
import { ApiError } from '../../lib/api';

/** What the upgrade / limit dialog is currently saying, if it is open. */
export type LimitPrompt =
  | { kind: 'weeklyEdits'; limit: number }
  | { kind: 'dailyActions'; message: string }
  | { kind: 'proFeature'; message: string };

/** The dialog for a week whose free edits are all used (docs/rules.md#weekly-edit-limit). */
export function weeklyEditsPrompt(edits: Edits | undefined): LimitPrompt {
  return { kind: 'weeklyEdits', limit: edits?.limit ?? FREE_WEEKLY_EDIT_LIMIT };
}

/** The limit dialog a refused write opens, if any: the one place that maps the server's limit codes to it. */
export function limitPromptFor(error: unknown, edits: Edits | undefined): LimitPrompt | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'edit_limit_reached':
      return weeklyEditsPrompt(edits);
    case 'daily_action_limit_reached':
      return { kind: 'dailyActions', message: error.message };
    case 'pro_required':
      return { kind: 'proFeature', message: error.message };
    default:
      return null;
  }
}
