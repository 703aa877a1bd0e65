import type { CalendarLinkResponse } from '@bloom/shared/api/schemas';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { bloomApi, messageOf, newActionKey } from '../../lib/api';
import styles from './calendar-dialog.module.css';

interface CalendarDialogProps {
  open: boolean;
  onClose(): void;
  /** Makes her new private feed address (POST /api/me/calendar); tests pass their own. */
  createLink?: () => Promise<CalendarLinkResponse>;
  /** The site's own origin, where the feed is served. */
  origin?: string;
}

type State =
  | { step: 'idle' }
  | { step: 'creating' }
  | { step: 'ready'; url: string; copied: boolean }
  | { step: 'failed'; message: string };

/**
 * "Add to calendar" (docs/rules.md#calendar-feed): a private address for her calendar app, shown once (Bloom
 * keeps only its hash). Making a new one stops the one before, which is also how she revokes it.
 */
export default function CalendarDialog({
  open,
  onClose,
  createLink = () => bloomApi.createCalendarLink(newActionKey()),
  origin = window.location.origin,
}: CalendarDialogProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const intl = useIntl();

  const create = async () => {
    setState({ step: 'creating' });
    try {
      const { path } = await createLink();
      setState({ step: 'ready', url: `${origin}${path}`, copied: false });
    } catch (error) {
      setState({
        step: 'failed',
        message: messageOf(error, intl.formatMessage({ id: 'calendar.failed' })),
      });
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setState({ step: 'ready', url, copied: true });
    } catch {
      // No clipboard (an old browser, or permission refused): the address stays selectable in the field.
      setState({ step: 'ready', url, copied: false });
    }
  };

  const close = () => {
    setState({ step: 'idle' });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={intl.formatMessage({ id: 'calendar.title' })}
      description={intl.formatMessage({ id: 'calendar.description' })}
    >
      <div className={styles.content}>
        {state.step === 'ready' ? (
          <ReadyLink
            url={state.url}
            copied={state.copied}
            onCopy={() => void copy(state.url)}
            onRemake={() => void create()}
          />
        ) : (
          <>
            <p>
              <FormattedMessage id="calendar.explained" />
            </p>
            {state.step === 'failed' ? (
              <p className={styles.error} role="alert">
                {state.message}
              </p>
            ) : null}
            <Button onClick={() => void create()} disabled={state.step === 'creating'}>
              <FormattedMessage id={state.step === 'creating' ? 'calendar.creating' : 'calendar.create'} />
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Her new link, to copy or subscribe to, how to add it to her calendar app, and the way to make another. */
function ReadyLink(props: { url: string; copied: boolean; onCopy(): void; onRemake(): void }) {
  const { url, copied, onCopy, onRemake } = props;
  return (
    <>
      <label className={styles.label} htmlFor="calendar-link">
        <FormattedMessage id="calendar.link.label" />
      </label>
      <div className={styles.row}>
        <input
          id="calendar-link"
          className={styles.url}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={onCopy}>
          <FormattedMessage id={copied ? 'calendar.link.copied' : 'calendar.link.copy'} />
        </Button>
      </div>
      <p className={styles.status} role="status">
        {copied ? <FormattedMessage id="calendar.link.onClipboard" /> : ''}
      </p>
      <ul className={styles.hints}>
        <li>
          <FormattedMessage
            id="calendar.hint.google"
            values={{ strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </li>
        <li>
          <FormattedMessage
            id="calendar.hint.webcal"
            values={{ link: (chunks) => <a href={url.replace(/^https?:/, 'webcal:')}>{chunks}</a> }}
          />
        </li>
      </ul>
      <p className={styles.note}>
        <FormattedMessage id="calendar.link.private" />
      </p>
      <Button variant="secondary" onClick={onRemake}>
        <FormattedMessage id="calendar.link.remake" />
      </Button>
    </>
  );
}
