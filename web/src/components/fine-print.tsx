import type { HTMLAttributes } from 'react';
import styles from './fine-print.module.css';

/** A small, quiet line under the main content: terms, a guarantee, "Loading..." while a panel loads. */
export function FinePrint(props: Omit<HTMLAttributes<HTMLParagraphElement>, 'className'>) {
  return <p {...props} className={styles.finePrint} />;
}
