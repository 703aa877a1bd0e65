import { ERRORS } from '@bloom/shared/errors/catalogue';
import {
  anyReminderOn,
  REMINDER_KINDS,
  type ReminderKind,
  type ReminderSettings,
} from '@bloom/shared/reminders/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button';
import { FinePrint } from '../../components/fine-print';
import { messageOf, newActionKey, queryKeys, remindersQuery, useApi } from '../../lib/api';
import { browserTimeZone } from '../../lib/time-zone';
import { type PushReadiness, subscribeThisDevice, unsubscribeThisDevice } from './push-subscription';
import styles from './reminders-panel.module.css';

const LABELS: Record<ReminderKind, string> = {
  Morning: 'Morning',
  Midday: 'Midday',
  Evening: 'Evening',
  CheckIn: 'Evening check-in',
};

const HINTS: Record<ReminderKind, string> = {
  Morning: 'When your Morning rituals begin',
  Midday: 'When your Midday rituals begin',
  Evening: 'When your Evening rituals begin',
  CheckIn: 'Only if nothing is ticked that day',
};

const READINESS_MESSAGES: Record<Exclude<PushReadiness, 'subscribed'>, string> = {
  unsupported: 'This browser cannot show notifications. Your settings are saved for your other devices.',
  denied:
    'Notifications are blocked for Bloom in this browser. Allow them in its site settings to get reminders here.',
  'service-not-allowed': `${ERRORS.push_endpoint_not_allowed.message} Your settings are saved for your other devices.`,
  failed: "We couldn't set up notifications on this device. Please try again in a moment.",
};

/** Reminders (docs/rules.md#reminders): on or off per slot, their times, quiet days and the check-in. */
export default function RemindersPanel() {
  const api = useApi();
  const saved = useQuery(remindersQuery(api));
  const [draft, setDraft] = useState<ReminderSettings | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const settings = draft ?? saved.data?.settings ?? null;

  const save = useSaveReminders((readiness) => {
    setDraft(null);
    setNotice(readiness === 'subscribed' ? 'Reminders saved.' : READINESS_MESSAGES[readiness]);
  }, setNotice);

  if (!settings) {
    return (
      <FinePrint role="status">
        {saved.isError ? messageOf(saved.error) : 'Loading your reminders...'}
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
        A gentle nudge when a slot begins, in your time zone ({browserTimeZone()}).
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
          <span className={styles.label}>Quiet on completed days</span>
          <span className={styles.hint}>No reminders on a day you have marked</span>
        </span>
      </label>
      <Button type="submit" disabled={save.isPending || draft === null}>
        {save.isPending ? 'Saving...' : 'Save reminders'}
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
  return (
    <fieldset className={styles.row}>
      <legend className="visually-hidden">{LABELS[kind]} reminder</legend>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={settings[kind].on}
          onChange={(event) => change({ [kind]: { ...settings[kind], on: event.target.checked } })}
        />
        <span>
          <span className={styles.label}>{LABELS[kind]}</span>
          <span className={styles.hint}>{HINTS[kind]}</span>
        </span>
      </label>
      <input
        type="time"
        step={300}
        className={styles.time}
        aria-label={`${LABELS[kind]} reminder time`}
        value={settings[kind].time}
        onChange={(event) => change({ [kind]: { ...settings[kind], time: event.target.value } })}
      />
    </fieldset>
  );
}
