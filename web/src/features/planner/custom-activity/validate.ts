import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';

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
  if (draft.name.trim() === '') errors.name = FIELD_MESSAGES.name;
  if (parseDuration(draft.duration) === null) errors.duration = FIELD_MESSAGES.duration;
  if (draft.icon === '') errors.icon = FIELD_MESSAGES.icon;
  return errors;
}

/** The submit button stays disabled while any of these is missing (docs/rules.md#custom-activities). */
export function isDraftIncomplete(draft: CustomActivityDraft): boolean {
  return draft.name === '' || draft.duration === '' || draft.icon === '';
}
