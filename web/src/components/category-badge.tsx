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

/**
 * The message id of a category's name in her language: "Mental", "Geist". The one catalogue of category names:
 * the planner, the plan preview, progress and the CSV export all name categories by it.
 */
export const categoryMessageId = (category: Category) => `components.category.${category}`;

/** An activity's category as a small coloured pill, one colour per category, named in her language. */
export function CategoryBadge({ category }: { category: Category }) {
  return (
    <span className={clsx(styles.badge, CATEGORY_CLASS[category])}>
      <FormattedMessage id={categoryMessageId(category)} />
    </span>
  );
}
