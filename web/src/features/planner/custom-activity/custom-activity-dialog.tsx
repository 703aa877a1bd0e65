import { iconsForCategory } from '@bloom/shared/catalogue/icons';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import {
  CATEGORIES,
  type Category,
  type DayIndex,
  FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
  SLOTS,
  type Slot,
} from '@bloom/shared/planner/types';
import { normaliseText } from '@bloom/shared/validation/text';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import inputStyles from '../../../components/input.module.css';
import { useCreateCustomActivity } from '../api/add-mutations';
import { useProfile } from '../api/use-profile';
import dialogActions from '../dialog-actions.module.css';
import styles from './custom-activity-dialog.module.css';
import {
  type CustomActivityDraft,
  type DraftErrors,
  isDraftIncomplete,
  parseDuration,
  validateDraft,
} from './validate';

interface CustomActivityDialogProps {
  day: DayIndex;
  initialSlot?: Slot;
  onClose(): void;
}

/**
 * Create Custom Activity: name, minutes, slot, category and an icon of that category. Unlimited on Pro; the free
 * plan gets a few a day (the server enforces it).
 */
export function CustomActivityDialog({ day, initialSlot = 'Morning', onClose }: CustomActivityDialogProps) {
  const createCustomActivity = useCreateCustomActivity();
  const profile = useProfile();
  const [draft, setDraft] = useState<CustomActivityDraft>({ name: '', duration: '', icon: '' });
  const [slot, setSlot] = useState<Slot>(initialSlot);
  const [category, setCategory] = useState<Category>('Mental');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = {
    name: useId(),
    duration: useId(),
    icon: useId(),
    icons: useId(),
    slot: useId(),
    category: useId(),
  };
  const nameInput = useRef<HTMLInputElement>(null);
  const icons = iconsForCategory(category);

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
    if (result.ok) {
      onClose();
      return;
    }
    const { error } = result;
    // The limit dialog has opened. The daily limit closes the form (docs/rules.md#custom-activities); at the
    // weekly edit limit the form stays, with her draft, saying "Cannot create activity - edit limit reached".
    if (error.code === 'daily_action_limit_reached' || error.code === 'pro_required') {
      onClose();
      return;
    }
    const fieldErrors: DraftErrors = {};
    for (const field of ['name', 'duration', 'icon'] as const) {
      if (error.fields[field]) fieldErrors[field] = error.fields[field];
    }
    setErrors(fieldErrors);
    setFormError(error.message || CLIENT_MESSAGES.createActivity);
  };

  const describedBy = (field: keyof CustomActivityDraft) =>
    errors[field] ? `${ids[field]}-error` : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Create Custom Activity"
      initialFocus={nameInput}
      dismissible={!busy}
    >
      <form className={styles.form} noValidate onSubmit={submit}>
        {profile?.tier === 'pro' ? null : (
          <p className={styles.allowance}>
            The free plan includes {FREE_DAILY_CUSTOM_ACTIVITY_LIMIT} custom activities a day. Pro makes them
            unlimited.
          </p>
        )}
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}

        <div className={styles.field}>
          <label htmlFor={ids.name}>Activity Name</label>
          <input
            ref={nameInput}
            id={ids.name}
            className={inputStyles.input}
            placeholder="What would you love to do?"
            maxLength={60}
            value={draft.name}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
            onChange={(event) => update('name', event.target.value)}
            onBlur={() => draft.name !== '' && checkField('name')}
          />
          {errors.name ? (
            <p id={`${ids.name}-error`} className={styles.fieldError}>
              {errors.name}
            </p>
          ) : null}
        </div>

        <div className={styles.fieldRow}>
          <div className={styles.field}>
            <label htmlFor={ids.duration}>Duration (min)</label>
            <input
              id={ids.duration}
              className={inputStyles.input}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.duration}
              aria-invalid={Boolean(errors.duration)}
              aria-describedby={describedBy('duration')}
              onChange={(event) => update('duration', event.target.value)}
              onBlur={() => draft.duration !== '' && checkField('duration')}
            />
            {errors.duration ? (
              <p id={`${ids.duration}-error`} className={styles.fieldError}>
                {errors.duration}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.slot}>Time Slot</label>
            <select
              id={ids.slot}
              className={inputStyles.input}
              value={slot}
              onChange={(event) => setSlot(event.target.value as Slot)}
            >
              {SLOTS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.category}>Category</label>
            <select
              id={ids.category}
              className={inputStyles.input}
              value={category}
              onChange={(event) => changeCategory(event.target.value as Category)}
            >
              {CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset
          className={styles.iconPicker}
          aria-invalid={Boolean(errors.icon)}
          aria-describedby={describedBy('icon')}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) checkField('icon');
          }}
        >
          <legend>Icon</legend>
          <div className={styles.iconGrid}>
            {icons.map((icon) => (
              <label key={icon.emoji} className={styles.iconChoice} title={icon.name}>
                <input
                  type="radio"
                  name={ids.icons}
                  value={icon.emoji}
                  checked={draft.icon === icon.emoji}
                  onChange={() => update('icon', icon.emoji)}
                />
                <span aria-hidden="true">{icon.emoji}</span>
                <span className="visually-hidden">{icon.name}</span>
              </label>
            ))}
          </div>
          {errors.icon ? (
            <p id={`${ids.icon}-error`} className={styles.fieldError}>
              {errors.icon}
            </p>
          ) : null}
        </fieldset>

        <div className={dialogActions.actions}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={isDraftIncomplete(draft)} busy={busy} busyText="Creating...">
            Create Activity
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
