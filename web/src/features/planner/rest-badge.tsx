import styles from './rest-badge.module.css';

/** Her rest day (docs/rules.md#rest-days), on its day card and in its day view. */
export function RestBadge() {
  return <p className={styles.badge}>🌙 Rest day</p>;
}
