import {
  CATEGORIES,
  type DayIndex,
  FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
  SLOTS,
  type Slot,
} from '@bloom/shared/planner/types';
import { useRef } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useProfile } from '../api/use-profile';
import dialogActions from '../dialog-actions.module.css';
import styles from './custom-activity-dialog.module.css';
import { ChoiceField, DurationField, IconPicker, NameField } from './custom-activity-fields';
import { useCustomActivityForm } from './use-custom-activity-form';
import { isDraftIncomplete } from './validate';

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
  const form = useCustomActivityForm(day, initialSlot, onClose);
  const profile = useProfile();
  const nameInput = useRef<HTMLInputElement>(null);
  const { busy } = form;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Create Custom Activity"
      initialFocus={nameInput}
      dismissible={!busy}
    >
      <form className={styles.form} noValidate onSubmit={form.submit}>
        {profile?.tier === 'pro' ? null : (
          <p className={styles.allowance}>
            The free plan includes {FREE_DAILY_CUSTOM_ACTIVITY_LIMIT} custom activities a day. Pro makes them
            unlimited.
          </p>
        )}
        {form.formError ? (
          <p className={styles.formError} role="alert">
            {form.formError}
          </p>
        ) : null}

        <NameField form={form} inputRef={nameInput} />

        <div className={styles.fieldRow}>
          <DurationField form={form} />
          <ChoiceField
            label="Time Slot"
            value={form.slot}
            options={SLOTS}
            onChange={(next) => form.setSlot(next)}
          />
          <ChoiceField
            label="Category"
            value={form.category}
            options={CATEGORIES}
            onChange={form.changeCategory}
          />
        </div>

        <IconPicker form={form} />

        <div className={dialogActions.actions}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={isDraftIncomplete(form.draft)} busy={busy} busyText="Creating...">
            Create Activity
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
