import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink } from '../../components/button';
import styles from './pro-banner.module.css';

/**
 * Shown to free users only: what Pro adds, and the way to it. The week says "Unlock Pro Features" and
 * "Upgrade", the day "Unlock Pro" and "Get Pro" (the spec's words for each).
 */
export const ProBanner = memo(function ProBanner({ place }: { place: 'week' | 'day' }) {
  const intl = useIntl();
  return (
    <aside className={styles.banner} aria-label={intl.formatMessage({ id: 'planner.pro.label' })}>
      <span className={styles.icon} aria-hidden="true">
        🌸
      </span>
      <div className={styles.text}>
        <p className={styles.title}>
          <FormattedMessage id={`planner.pro.${place}Title`} />
        </p>
        <p className={styles.body}>
          <FormattedMessage id="planner.pro.features" />
        </p>
      </div>
      <ButtonLink to="/pricing" size="small">
        <FormattedMessage id={`planner.pro.${place}Action`} />
      </ButtonLink>
    </aside>
  );
});
