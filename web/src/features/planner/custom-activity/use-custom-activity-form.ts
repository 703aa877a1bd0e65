import { iconsForCategory } from '@bloom/shared/catalogue/icons';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { Category, DayIndex, Slot } from '@bloom/shared/planner/types';
import { normaliseText } from '@bloom/shared/validation/text';
import { type FormEvent, useState } from 'react';
import type { ApiError } from '../../../lib/api';
import { useCreateCustomActivity } from '../api/add-mutations';
import { type CustomActivityDraft, type DraftErrors, parseDuration, validateDraft } from './validate';

export type CustomActivityForm = ReturnType<typeof useCustomActivityForm>;

/**
 * The Create Custom Activity form's state: her draft, its slot and category, each field's message, and the
 * submit that creates it (docs/rules.md#custom-activities). `onDone` closes the form.
 */
export function useCustomActivityForm(day: DayIndex, initialSlot: Slot, onDone: () => void) {
  const createCustomActivity = useCreateCustomActivity();
  const [draft, setDraft] = useState<CustomActivityDraft>({ name: '', duration: '', icon: '' });
  const [slot, setSlot] = useState<Slot>(initialSlot);
  const [category, setCategory] = useState<Category>('Mental');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (field: keyof CustomActivityDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // A field shows its message once the person leaves it wrong, not while they are still typing.
  const checkField = (field: keyof CustomActivityDraft) => {
    const message = validateDraft(draft)[field];
    setErrors((current) => ({ ...current, [field]: message }));
  };

  const changeCategory = (next: Category) => {
    setCategory(next);
    if (!iconsForCategory(next).some((icon) => icon.emoji === draft.icon)) update('icon', '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateDraft(draft);
    setErrors(found);
    const duration = parseDuration(draft.duration);
    if (Object.values(found).some(Boolean) || duration === null) return;
    setBusy(true);
    setFormError(null);
    const result = await createCustomActivity(
      { name: normaliseText(draft.name), duration, category, icon: draft.icon, slot },
      day,
    );
    setBusy(false);
    if (result.ok || closesTheForm(result.error)) return onDone();
    setErrors(fieldErrorsOf(result.error));
    setFormError(result.error.message || CLIENT_MESSAGES.createActivity);
  };

  return {
    draft,
    slot,
    setSlot,
    category,
    changeCategory,
    errors,
    formError,
    busy,
    update,
    checkField,
    submit,
  };
}

/**
 * The limit dialog has opened. The daily limit closes the form (docs/rules.md#custom-activities); at the weekly
 * edit limit the form stays, with her draft, saying "Cannot create activity - edit limit reached".
 */
const closesTheForm = (error: ApiError) =>
  error.code === 'daily_action_limit_reached' || error.code === 'pro_required';

/** The server's message for each field of hers it refused. */
function fieldErrorsOf(error: ApiError): DraftErrors {
  const fieldErrors: DraftErrors = {};
  for (const field of ['name', 'duration', 'icon'] as const) {
    if (error.fields[field]) fieldErrors[field] = error.fields[field];
  }
  return fieldErrors;
}
