import { isLocale, LOCALE_NAMES, LOCALES } from '@bloom/shared/i18n/locales';
import { clsx } from 'clsx';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { setLocale, useLocale } from '../lib/i18n';
import styles from './language-menu.module.css';

type Placement = 'footer' | 'compact' | 'sheet';

const PLACEMENT_CLASS: Record<Placement, string | undefined> = {
  footer: styles.footer,
  compact: styles.compact,
  sheet: styles.sheet,
};

/**
 * The language menu (docs/rules.md#languages): every language Bloom speaks, each by its own name and marked as
 * that language for screen readers. Her choice shows the page in it and is kept on this device and, when she is
 * signed in, on her profile (the signed-in app listens for it).
 *
 * `placement`: centred under the footer's links (`footer`), a small one among the planner's account actions with
 * its label for screen readers only (`compact`), or a full-width row in the account sheet (`sheet`).
 */
export function LanguageMenu({ placement = 'footer' }: { placement?: Placement }) {
  const locale = useLocale();
  const id = useId();
  return (
    <div className={clsx(styles.menu, PLACEMENT_CLASS[placement])}>
      <label htmlFor={id} className={placement === 'compact' ? 'visually-hidden' : undefined}>
        <FormattedMessage id="components.languageMenu.label" />
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value, 'menu');
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
