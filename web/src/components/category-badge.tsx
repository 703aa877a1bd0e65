import type { Category } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import styles from './category-badge.module.css';

const CATEGORY_CLASS: Record<Category, string | undefined> = {
  Mental: styles.mental,
  Physical: styles.physical,
  Social: styles.social,
  Sensory: styles.sensory,
};

/** An activity's category as a small coloured pill, one colour per category; `label` names it in her language. */
export function CategoryBadge({ category, label = category }: { category: Category; label?: string }) {
  return <span className={clsx(styles.badge, CATEGORY_CLASS[category])}>{label}</span>;
}
