import {
  CATEGORIES,
  type DayIndex,
  FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
  SLOTS,
  type Slot,
} from '@bloom/shared/planner/types';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useProfile } from '../api/use-profile';
import dialogActions from '../dialog-actions.module.css';
import { useSay, useWords } from '../i18n';
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
  const intl = useIntl();
  const words = useWords();
  const say = useSay();

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'planner.library.createCustom' })}
      initialFocus={nameInput}
      dismissible={!busy}
    >
      <form className={styles.form} noValidate onSubmit={form.submit}>
        {profile?.tier === 'pro' ? null : (
          <p className={styles.allowance}>
            <FormattedMessage
              id="planner.custom.allowance"
              values={{ limit: FREE_DAILY_CUSTOM_ACTIVITY_LIMIT }}
            />
          </p>
        )}
        {form.formError ? (
          <p className={styles.formError} role="alert">
            {say(form.formError)}
          </p>
        ) : null}

        <NameField form={form} inputRef={nameInput} />

        <div className={styles.fieldRow}>
          <DurationField form={form} />
          <ChoiceField
            label={intl.formatMessage({ id: 'planner.custom.timeSlot' })}
            value={form.slot}
            options={SLOTS}
            optionLabel={words.slot}
            onChange={(next) => form.setSlot(next)}
          />
          <ChoiceField
            label={intl.formatMessage({ id: 'planner.library.category' })}
            value={form.category}
            options={CATEGORIES}
            optionLabel={words.category}
            onChange={form.changeCategory}
          />
        </div>

        <IconPicker form={form} />

        <div className={dialogActions.actions}>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            <FormattedMessage id="planner.custom.cancel" />
          </Button>
          <Button
            type="submit"
            disabled={isDraftIncomplete(form.draft)}
            busy={busy}
            busyText={intl.formatMessage({ id: 'planner.custom.creating' })}
          >
            <FormattedMessage id="planner.custom.create" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
