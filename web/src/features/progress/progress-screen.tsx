import { DAY_NAMES } from '@bloom/shared/planner/types';
import type { ProgressDayState, ProgressView } from '@bloom/shared/progress/progress';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button';
import { CategoryBadge } from '../../components/category-badge';
import { ErrorPanel } from '../../components/error-panel';
import { messageOf, progressQuery, useApi } from '../../lib/api';
import styles from './progress-screen.module.css';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Calendar dates, so formatted in UTC (docs/rules.md#weeks-and-days). */
const formatDate = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));

const STATE_LABELS: Record<ProgressDayState, string> = {
  complete: 'completed',
  rest: 'rest day',
  open: 'not completed',
  future: 'still to come',
};

const STATE_CLASS: Record<ProgressDayState, string | undefined> = {
  complete: styles.complete,
  rest: styles.rest,
  open: styles.open,
  future: styles.future,
};

/**
 * "Your progress" (docs/rules.md#progress): her last 12 weeks as a heatmap of completed and rest days, the
 * minutes she ticked each week, and the categories she does most. One request, read each time it opens.
 */
export function ProgressScreen({ onBack }: { onBack(): void }) {
  const api = useApi();
  const { data, error, refetch } = useQuery(progressQuery(api));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <main className={styles.screen}>
      <div>
        <Button variant="ghost" size="small" onClick={onBack}>
          ← Back to my planner
        </Button>
      </div>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        Your progress
      </h1>
      {data ? (
        <ProgressContent progress={data} />
      ) : error ? (
        <ErrorPanel
          message={messageOf(error, 'Failed to load your progress.')}
          onRetry={() => void refetch()}
        />
      ) : (
        <p aria-busy="true">Gathering your weeks...</p>
      )}
    </main>
  );
}

function ProgressContent({ progress }: { progress: ProgressView }) {
  const completed = progress.weeks.reduce((sum, week) => sum + week.completedDays, 0);
  const rested = progress.weeks.reduce((sum, week) => sum + week.restDays, 0);
  return (
    <>
      <dl className={styles.summary}>
        <div>
          <dt>Current streak</dt>
          <dd>
            {progress.streak} {progress.streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Days completed</dt>
          <dd>{completed}</dd>
        </div>
        <div>
          <dt>Rest days</dt>
          <dd>{rested}</dd>
        </div>
      </dl>
      <Heatmap progress={progress} />
      <MinutesChart weeks={progress.weeks} />
      <Categories categories={progress.categories} />
    </>
  );
}

/** Each day of the last 12 weeks: completed, rested or not. */
function Heatmap({ progress }: { progress: ProgressView }) {
  return (
    <section className={styles.card} aria-labelledby="progress-heatmap-title">
      <h2 id="progress-heatmap-title">The last 12 weeks</h2>
      <div className={styles.heatmap}>
        <ol className={styles.days} aria-hidden="true">
          {DAY_NAMES.map((name) => (
            <li key={name}>{name.slice(0, 1)}</li>
          ))}
        </ol>
        <ol className={styles.weeks}>
          {progress.weeks.map((week) => (
            <li key={week.weekStart}>
              <span className="visually-hidden">Week of {formatDate(week.weekStart)}</span>
              <ol className={styles.cells}>
                {week.days.map((day) => (
                  <li
                    key={day.date}
                    className={clsx(
                      styles.cell,
                      STATE_CLASS[day.state],
                      day.date === progress.today && styles.today,
                    )}
                    aria-label={`${DAY_NAMES[day.day]} ${formatDate(day.date)}: ${STATE_LABELS[day.state]}`}
                  >
                    <span aria-hidden="true">{day.state === 'rest' ? '🌙' : ''}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </div>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={clsx(styles.cell, styles.complete)} /> Completed
        </li>
        <li>
          <span className={clsx(styles.cell, styles.rest)}>🌙</span> Rest day
        </li>
        <li>
          <span className={clsx(styles.cell, styles.open)} /> Not completed
        </li>
      </ul>
    </section>
  );
}

/** Minutes of care each week, as bars against the busiest week. */
function MinutesChart({ weeks }: { weeks: ProgressView['weeks'] }) {
  const mostMinutes = Math.max(1, ...weeks.map((week) => week.minutes));
  return (
    <section className={styles.card} aria-labelledby="progress-minutes-title">
      <h2 id="progress-minutes-title">Minutes each week</h2>
      <ol className={styles.minutes}>
        {weeks.map((week) => (
          <li key={week.weekStart}>
            <span>{formatDate(week.weekStart)}</span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={styles.bar}
                style={{ width: `${Math.round((week.minutes / mostMinutes) * 100)}%` }}
              />
            </span>
            <span className={styles.value}>{week.minutes} min</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The kinds of care she ticks most. */
function Categories({ categories }: { categories: ProgressView['categories'] }) {
  return (
    <section className={styles.card} aria-labelledby="progress-categories-title">
      <h2 id="progress-categories-title">What you do most</h2>
      {categories.length === 0 ? (
        <p>Tick an activity and your favourite kinds of care will show here.</p>
      ) : (
        <ol className={styles.categories}>
          {categories.map((entry) => (
            <li key={entry.category}>
              <CategoryBadge category={entry.category} />
              <span>
                {entry.activities} {entry.activities === 1 ? 'activity' : 'activities'} · {entry.minutes} min
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
