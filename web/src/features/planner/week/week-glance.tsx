import type { WeekView } from '@bloom/shared/planner/types';
import { GLANCE_CATEGORIES, glanceOf } from '../week-model';

/** Week at a Glance: activities, minutes and completed days with their averages, and three categories. */
export function WeekGlance({ week }: { week: WeekView }) {
  const glance = glanceOf(week);
  return (
    <section className="week-glance" aria-labelledby="week-glance-title">
      <h2 id="week-glance-title" className="week-glance__title">
        Week at a Glance
      </h2>
      <dl className="week-glance__stats">
        <div className="week-glance__stat">
          <dt>Total activities</dt>
          <dd>
            <span className="week-glance__value">{glance.activities}</span>
            <span className="week-glance__note">{glance.activitiesPerDay} per day on average</span>
          </dd>
        </div>
        <div className="week-glance__stat">
          <dt>Minutes</dt>
          <dd>
            <span className="week-glance__value">{glance.minutes}</span>
            <span className="week-glance__note">{glance.minutesPerDay} min per day on average</span>
          </dd>
        </div>
        <div className="week-glance__stat">
          <dt>Days completed</dt>
          <dd>
            <span className="week-glance__value">{glance.daysCompleted}/7</span>
            <span className="week-glance__note">
              {glance.percentOfWeek}% of the week
              {glance.restDays > 0 ? ' · 🌙 1 rest day' : ''}
            </span>
          </dd>
        </div>
        <div className="week-glance__stat">
          <dt>Categories</dt>
          <dd>
            <ul className="week-glance__categories">
              {GLANCE_CATEGORIES.map((category) => (
                <li key={category}>
                  <span className={`category-badge category-badge--${category.toLowerCase()}`}>
                    {category}
                  </span>{' '}
                  {glance.categories[category]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  );
}
