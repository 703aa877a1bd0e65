import {
  anyReminderOn,
  REMINDER_KINDS,
  type ReminderKind,
  type ReminderSettings,
} from '@bloom/shared/reminders/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { FinePrint } from '../../components/fine-print';
import { slotMessageId } from '../../components/slot-name';
import { messageOf, newActionKey, queryKeys, remindersQuery, useApi } from '../../lib/api';
import { browserTimeZone, timeZoneName } from '../../lib/time-zone';
import { type PushReadiness, subscribeThisDevice, unsubscribeThisDevice } from './push-subscription';
import styles from './reminders-panel.module.css';

/** What she is told after saving, as this device can show reminders or not, in her language. */
function readinessNotice(intl: IntlShape, readiness: PushReadiness): string {
  switch (readiness) {
    case 'subscribed':
      return intl.formatMessage({ id: 'reminders.saved' });
    case 'service-not-allowed':
      // The error catalogue's words for it (the API says them too), then where her settings still apply.
      return intl.formatMessage(
        { id: 'reminders.readiness.serviceNotAllowed' },
        { problem: intl.formatMessage({ id: 'error.push_endpoint_not_allowed' }) },
      );
    default:
      return intl.formatMessage({ id: `reminders.readiness.${readiness}` });
  }
}

/** Reminders (docs/rules.md#reminders): on or off per slot, their times, quiet days and the check-in. */
export default function RemindersPanel() {
  const api = useApi();
  const saved = useQuery(remindersQuery(api));
  const [draft, setDraft] = useState<ReminderSettings | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const settings = draft ?? saved.data?.settings ?? null;
  const intl = useIntl();

  const save = useSaveReminders((readiness) => {
    setDraft(null);
    setNotice(readinessNotice(intl, readiness));
  }, setNotice);

  if (!settings) {
    return (
      <FinePrint role="status">
        {saved.isError ? messageOf(saved.error) : <FormattedMessage id="reminders.loading" />}
      </FinePrint>
    );
  }
  const change = (next: Partial<ReminderSettings>) => {
    setNotice(null);
    setDraft({ ...settings, ...next, timeZone: browserTimeZone() });
  };

  return (
    <form
      className={styles.panel}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ ...settings, timeZone: browserTimeZone() });
      }}
    >
      <p className={styles.intro}>
        <FormattedMessage
          id="reminders.intro"
          values={{ zone: timeZoneName(browserTimeZone(), intl.locale) }}
        />
      </p>
      {REMINDER_KINDS.map((kind) => (
        <ReminderRow key={kind} kind={kind} settings={settings} change={change} />
      ))}
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={settings.quietOnMarkedDays}
          onChange={(event) => change({ quietOnMarkedDays: event.target.checked })}
        />
        <span>
          <span className={styles.label}>
            <FormattedMessage id="reminders.quiet" />
          </span>
          <span className={styles.hint}>
            <FormattedMessage id="reminders.quiet.hint" />
          </span>
        </span>
      </label>
      <Button type="submit" disabled={save.isPending || draft === null}>
        <FormattedMessage id={save.isPending ? 'reminders.saving' : 'reminders.save'} />
      </Button>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Saves her settings; then, with a reminder on, subscribes this device (permission is asked only now), else
 * unsubscribes it. `onSaved` hears whether this device can show them.
 */
function useSaveReminders(onSaved: (readiness: PushReadiness) => void, onFailed: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: ReminderSettings) => {
      const result = await api.saveReminders(newActionKey(), next);
      // Permission is asked only now: she turned a reminder on and saved.
      if (anyReminderOn(next)) {
        const readiness = await subscribeThisDevice((subscription) =>
          api.savePushSubscription(newActionKey(), subscription),
        );
        return { result, readiness };
      }
      await unsubscribeThisDevice((hash) => api.deletePushSubscription(newActionKey(), hash)).catch(
        () => undefined,
      );
      return { result, readiness: 'subscribed' as const };
    },
    onSuccess: ({ result, readiness }) => {
      queryClient.setQueryData(queryKeys.reminders, result);
      onSaved(readiness);
    },
    onError: (error) => onFailed(messageOf(error)),
  });
}

/** One reminder: on or off, and its time. */
function ReminderRow({
  kind,
  settings,
  change,
}: {
  kind: ReminderKind;
  settings: ReminderSettings;
  change(next: Partial<ReminderSettings>): void;
}) {
  const intl = useIntl();
  // A slot's reminder is named as the slot is everywhere (the components' slot names).
  const name = intl.formatMessage({
    id: kind === 'CheckIn' ? 'reminders.kind.CheckIn' : slotMessageId(kind),
  });
  return (
    <fieldset className={styles.row}>
      <legend className="visually-hidden">
        <FormattedMessage id="reminders.row.legend" values={{ name }} />
      </legend>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={settings[kind].on}
          onChange={(event) => change({ [kind]: { ...settings[kind], on: event.target.checked } })}
        />
        <span>
          <span className={styles.label}>{name}</span>
          <span className={styles.hint}>
            <FormattedMessage id={`reminders.hint.${kind}`} />
          </span>
        </span>
      </label>
      <input
        type="time"
        step={300}
        className={styles.time}
        aria-label={intl.formatMessage({ id: 'reminders.row.time' }, { name })}
        value={settings[kind].time}
        onChange={(event) => change({ [kind]: { ...settings[kind], time: event.target.value } })}
      />
    </fieldset>
  );
}
