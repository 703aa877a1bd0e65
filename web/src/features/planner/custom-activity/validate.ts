import { activityIconSchema, customActivityNameSchema } from '@bloom/shared/api/custom-activity-request';
import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import * as v from 'valibot';

export interface CustomActivityDraft {
  name: string;
  /** As typed in the number field. */
  duration: string;
  icon: string;
}

export type DraftErrors = Partial<Record<keyof CustomActivityDraft, string>>;

/** Whole minutes of at least 1, or null for anything else (docs/rules.md#custom-activities). */
export function parseDuration(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= 1 ? minutes : null;
}

/**
 * The server's field messages (docs/rules.md#custom-activities), checked in the browser before the server
 * checks them again.
 */
export function validateDraft(draft: CustomActivityDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = firstIssue(customActivityNameSchema, draft.name);
  if (name) errors.name = name;
  if (parseDuration(draft.duration) === null) errors.duration = FIELD_MESSAGES.duration;
  const icon = firstIssue(activityIconSchema, draft.icon);
  if (icon) errors.icon = icon;
  return errors;
}

/** The shared rule's first message, as the server would answer it (functions/src/http/validation.ts). */
function firstIssue(schema: v.GenericSchema, value: string): string | undefined {
  return v.safeParse(schema, value).issues?.[0]?.message;
}

/** The submit button stays disabled while any of these is missing (docs/rules.md#custom-activities). */
export function isDraftIncomplete(draft: CustomActivityDraft): boolean {
  return draft.name === '' || draft.duration === '' || draft.icon === '';
}
