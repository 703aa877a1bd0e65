import type { Tier } from '@bloom/shared/planner/types';
import { SITE_PAGES } from '@bloom/shared/site/pages';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { type CoachApi, CoachConversation } from './coach-conversation';
import { CoachLauncher } from './coach-launcher';
import styles from './coach-widget.module.css';

interface CoachWidgetProps {
  tier: Tier | null;
  api: CoachApi;
  /** Opens with the panel showing (she pressed the button before the coach's code had loaded). */
  initiallyOpen?: boolean;
}

/** The floating Bloom button and its panel: the coach for Pro, an invitation to Pro for everyone else. */
export function CoachWidget({ tier, api, initiallyOpen = false }: CoachWidgetProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const titleId = useId();
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const intl = useIntl();

  useEffect(() => {
    if (!open) return;
    // The message box, or the Pro invitation's action: not the disclosure's link above them.
    (
      panel.current?.querySelector<HTMLElement>('textarea') ??
      panel.current?.querySelector<HTMLElement>(`.${styles.locked} a, .${styles.locked} button`)
    )?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <CoachLauncher
      ref={launcher}
      open={open}
      onToggle={() => (open ? close() : setOpen(true))}
      controls={open ? panelId : undefined}
    >
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className={styles.panel}
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <header className={styles.header}>
            <span className={styles.avatar} aria-hidden="true">
              🌸
            </span>
            <div>
              <h2 id={titleId} className={styles.title}>
                Bloom
              </h2>
              <p className={styles.subtitle}>
                <FormattedMessage id="coach.widget.subtitle" />
              </p>
            </div>
            <button
              type="button"
              className={styles.close}
              aria-label={intl.formatMessage({ id: 'coach.widget.close' })}
              onClick={close}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <p className={styles.disclosure}>
            <FormattedMessage id="coach.disclosure" />{' '}
            {/* A new tab, so the conversation stays where she left it. */}
            <Link to={SITE_PAGES.safety} target="_blank" rel="noopener">
              <FormattedMessage id="coach.safetyLink" />
            </Link>
          </p>

          <PanelBody tier={tier} api={api} />
        </div>
      ) : null}
    </CoachLauncher>
  );
}

/** The coach for Pro, an invitation to Pro for everyone else, and neither while her plan loads. */
function PanelBody({ tier, api }: { tier: Tier | null; api: CoachApi }) {
  return tier === null ? (
    // Her plan is still loading: neither the coach nor the Pro invitation, so a Pro user never sees
    // "Pro Feature" flash by.
    <div className={styles.locked} role="status">
      <Spinner />
      <p>
        <FormattedMessage id="coach.widget.loading" />
      </p>
    </div>
  ) : tier === 'pro' ? (
    <CoachConversation api={api} />
  ) : (
    <div className={styles.locked}>
      <p className={styles.lockedTitle}>
        <FormattedMessage id="coach.widget.proTitle" />
      </p>
      <p>
        <FormattedMessage id="coach.widget.proText" />
      </p>
      <ButtonLink to="/pricing">
        <FormattedMessage id="coach.widget.upgrade" />
      </ButtonLink>
    </div>
  );
}
