import type { CalendarLinkResponse } from '@bloom/shared/api/schemas';
import { useState } from 'react';
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

  const create = async () => {
    setState({ step: 'creating' });
    try {
      const { path } = await createLink();
      setState({ step: 'ready', url: `${origin}${path}`, copied: false });
    } catch (error) {
      setState({ step: 'failed', message: messageOf(error, 'Failed to create your calendar link.') });
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
      title="Add to calendar"
      description="Your rituals for this week and next, in the calendar you already use, with a gentle reminder 10 minutes before each slot."
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
              Bloom makes a private link your calendar app checks for changes. Making a new link stops any
              link you made before.
            </p>
            {state.step === 'failed' ? (
              <p className={styles.error} role="alert">
                {state.message}
              </p>
            ) : null}
            <Button onClick={() => void create()} disabled={state.step === 'creating'}>
              {state.step === 'creating' ? 'Creating your link...' : 'Create my calendar link'}
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
        Your private calendar link
      </label>
      <div className={styles.row}>
        <input
          id="calendar-link"
          className={styles.url}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={onCopy}>{copied ? 'Copied!' : 'Copy link'}</Button>
      </div>
      <p className={styles.status} role="status">
        {copied ? 'The link is on your clipboard.' : ''}
      </p>
      <ul className={styles.hints}>
        <li>
          Google Calendar: Other calendars → <strong>From URL</strong>, then paste the link.
        </li>
        <li>
          Apple Calendar or Outlook:{' '}
          <a href={url.replace(/^https?:/, 'webcal:')}>open it as a webcal:// subscription</a>.
        </li>
      </ul>
      <p className={styles.note}>
        Keep this link to yourself: anyone who has it can see your plan. Making a new link stops this one.
      </p>
      <Button variant="secondary" onClick={onRemake}>
        Make a new link
      </Button>
    </>
  );
}
