import { clsx } from 'clsx';
import styles from './skeleton.module.css';

const SHAPE_CLASS = {
  short: styles.short,
  title: styles.title,
  block: styles.block,
  button: styles.button,
  picker: styles.picker,
};

/** A placeholder the size of what is loading: a short line, a title, a block, a button or the day picker. */
export function Skeleton({ shape }: { shape: keyof typeof SHAPE_CLASS }) {
  return <span className={clsx(styles.skeleton, SHAPE_CLASS[shape])} />;
}
