import { isLocale, LOCALE_NAMES, LOCALES } from '@bloom/shared/i18n/locales';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { setLocale, useLocale } from '../lib/i18n';
import styles from './language-menu.module.css';

/**
 * The language menu (docs/rules.md#languages): every language Bloom speaks, each by its own name and marked as
 * that language for screen readers. Her choice shows the page in it and is kept on this device and, when she is
 * signed in, on her profile.
 */
export function LanguageMenu() {
  const locale = useLocale();
  const id = useId();
  return (
    <div className={styles.menu}>
      <label htmlFor={id}>
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
