import styles from './spinner.module.css';

/** A turning ring beside a "Loading..." text (decorative: the text says it). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
