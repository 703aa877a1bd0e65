import type { Category } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import styles from './category-badge.module.css';

const CATEGORY_CLASS: Record<Category, string | undefined> = {
  Mental: styles.mental,
  Physical: styles.physical,
  Social: styles.social,
  Sensory: styles.sensory,
};

/** An activity's category as a small coloured pill, one colour per category. */
export function CategoryBadge({ category }: { category: Category }) {
  return <span className={clsx(styles.badge, CATEGORY_CLASS[category])}>{category}</span>;
}
