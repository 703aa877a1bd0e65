import { iconsForCategory } from '@bloom/shared/catalogue/icons';
import { type RefObject, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import inputStyles from '../../../components/input.module.css';
import { iconMessageId, useSay } from '../i18n';
import styles from './custom-activity-fields.module.css';
import type { CustomActivityForm } from './use-custom-activity-form';

/** A field's message under it, named by the field's `aria-describedby` (errorIdOf). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  // Shared's rules give their messages in English; the server's are in her language already.
  const say = useSay();
  return message ? (
    <p id={`${id}-error`} className={styles.fieldError}>
      {say(message)}
    </p>
  ) : null;
}

const errorIdOf = (id: string, message: string | undefined) => (message ? `${id}-error` : undefined);

export function NameField({
  form,
  inputRef,
}: {
  form: CustomActivityForm;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const { draft, errors, update, checkField } = form;
  const intl = useIntl();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <FormattedMessage id="planner.custom.name" />
      </label>
      <input
        ref={inputRef}
        id={id}
        className={inputStyles.input}
        placeholder={intl.formatMessage({ id: 'planner.custom.namePlaceholder' })}
        maxLength={60}
        value={draft.name}
        aria-invalid={Boolean(errors.name)}
        aria-describedby={errorIdOf(id, errors.name)}
        onChange={(event) => update('name', event.target.value)}
        onBlur={() => draft.name !== '' && checkField('name')}
      />
      <FieldError id={id} message={errors.name} />
    </div>
  );
}

export function DurationField({ form }: { form: CustomActivityForm }) {
  const id = useId();
  const { draft, errors, update, checkField } = form;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <FormattedMessage id="planner.custom.duration" />
      </label>
      <input
        id={id}
        className={inputStyles.input}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft.duration}
        aria-invalid={Boolean(errors.duration)}
        aria-describedby={errorIdOf(id, errors.duration)}
        onChange={(event) => update('duration', event.target.value)}
        onBlur={() => draft.duration !== '' && checkField('duration')}
      />
      <FieldError id={id} message={errors.duration} />
    </div>
  );
}

/** One of a few options (the slot, the category), as a native select. */
export function ChoiceField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  /** What she reads for an option (the value itself by default). */
  optionLabel?(option: T): string;
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        className={inputStyles.input}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.optionLabel ? props.optionLabel(option) : option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The icons of the chosen category, one to pick; its message once she leaves the group without one. */
export function IconPicker({ form }: { form: CustomActivityForm }) {
  const id = useId();
  const group = useId();
  const { draft, errors, update, checkField } = form;
  const intl = useIntl();
  return (
    <fieldset
      className={styles.iconPicker}
      aria-invalid={Boolean(errors.icon)}
      aria-describedby={errorIdOf(id, errors.icon)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) checkField('icon');
      }}
    >
      <legend>
        <FormattedMessage id="planner.custom.icon" />
      </legend>
      <div className={styles.iconGrid}>
        {iconsForCategory(form.category).map((icon) => {
          const name = intl.formatMessage({ id: iconMessageId(icon.name) });
          return (
            <label key={icon.emoji} className={styles.iconChoice} title={name}>
              <input
                type="radio"
                name={group}
                value={icon.emoji}
                checked={draft.icon === icon.emoji}
                onChange={() => update('icon', icon.emoji)}
              />
              <span aria-hidden="true">{icon.emoji}</span>
              <span className="visually-hidden">{name}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={id} message={errors.icon} />
    </fieldset>
  );
}
