import styles from './check-mark.module.css';

/** The sage tick before a promise or a feature in a list (decorative: the text says it). */
export function CheckMark() {
  return (
    <span aria-hidden="true" className={styles.check}>
      ✓
    </span>
  );
}
