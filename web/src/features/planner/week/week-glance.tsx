import type { WeekView } from '@bloom/shared/planner/types';
import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { CategoryBadge } from '../../../components/category-badge';
import { GLANCE_CATEGORIES, type Glance, glanceOf } from '../week-model';
import styles from './week-glance.module.css';

/** Week at a Glance: activities, minutes and completed days with their averages, and three categories. */
export function WeekGlance({ week }: { week: WeekView }) {
  const { categories, ...figures } = glanceOf(week);
  return <GlanceFigures {...figures} {...categories} />;
}

type Figures = Omit<Glance, 'categories'> & Glance['categories'];

/** The panel, drawn again only when one of its figures changed (a tick seldom changes any). */
const GlanceFigures = memo(function GlanceFigures(glance: Figures) {
  return (
    <section className={styles.glance} aria-labelledby="week-glance-title">
      <h2 id="week-glance-title" className={styles.title}>
        <FormattedMessage id="planner.glance.title" />
      </h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="planner.glance.activities" />
          </dt>
          <dd>
            <span className={styles.value}>{glance.activities}</span>
            <span className={styles.note}>
              <FormattedMessage
                id="planner.glance.activitiesPerDay"
                values={{ average: glance.activitiesPerDay }}
              />
            </span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="planner.glance.minutes" />
          </dt>
          <dd>
            <span className={styles.value}>{glance.minutes}</span>
            <span className={styles.note}>
              <FormattedMessage
                id="planner.glance.minutesPerDay"
                values={{ average: glance.minutesPerDay }}
              />
            </span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="planner.glance.daysCompleted" />
          </dt>
          <dd>
            <span className={styles.value}>{glance.daysCompleted}/7</span>
            <span className={styles.note}>
              <FormattedMessage id="planner.glance.percent" values={{ percent: glance.percentOfWeek }} />
              {glance.restDays > 0 ? <FormattedMessage id="planner.glance.restDay" /> : null}
            </span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="planner.glance.categories" />
          </dt>
          <dd>
            <ul className={styles.categories}>
              {GLANCE_CATEGORIES.map((category) => (
                <li key={category}>
                  <CategoryBadge category={category} /> {glance[category]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  );
});

/** Where Week at a Glance will be while the week loads: the same size, so nothing moves. */
export function WeekGlancePlaceholder() {
  return <div className={styles.glance} aria-hidden="true" />;
}
