import type { Category } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { FormattedMessage } from 'react-intl';
import styles from './category-badge.module.css';

const CATEGORY_CLASS: Record<Category, string | undefined> = {
  Mental: styles.mental,
  Physical: styles.physical,
  Social: styles.social,
  Sensory: styles.sensory,
};

/** The message id of a category's name in her language: "Mental", "Geist". */
export const categoryMessageId = (category: Category) => `components.category.${category}`;

/** An activity's category as a small coloured pill, one colour per category, named in her language. */
export function CategoryBadge({ category, label }: { category: Category; label?: string }) {
  return (
    <span className={clsx(styles.badge, CATEGORY_CLASS[category])}>
      {label ?? <FormattedMessage id={categoryMessageId(category)} />}
    </span>
  );
}
