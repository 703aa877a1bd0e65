import { PROGRESS_WEEKS, type ProgressDayState, type ProgressView } from '@bloom/shared/progress/progress';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage, FormattedNumber, type IntlShape, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { CategoryBadge } from '../../components/category-badge';
import { ErrorPanel } from '../../components/error-panel';
import { messageOf, progressQuery, useApi } from '../../lib/api';
import styles from './progress-screen.module.css';

const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
/** "Nov 16", "16. Nov.": calendar dates, so formatted in UTC (docs/rules.md#weeks-and-days), in her language. */
const shortDate = (intl: IntlShape, isoDate: string) =>
  intl.formatDate(utcDate(isoDate), { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A day of the week by its index (0 is Monday) as her language names it: "Monday", "M"; "Montag", "M". */
const dayName = (intl: IntlShape, day: number, weekday: 'long' | 'narrow') =>
  // 1 January 2024 was a Monday.
  intl.formatDate(new Date(Date.UTC(2024, 0, 1 + day)), { weekday, timeZone: 'UTC' });
const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

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
  const intl = useIntl();
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <main className={styles.screen}>
      <div>
        <Button variant="ghost" size="small" onClick={onBack}>
          <FormattedMessage id="progress.back" />
        </Button>
      </div>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        <FormattedMessage id="progress.title" />
      </h1>
      {data ? (
        <ProgressContent progress={data} />
      ) : error ? (
        <ErrorPanel
          message={messageOf(error, intl.formatMessage({ id: 'progress.loadFailed' }))}
          onRetry={() => void refetch()}
        />
      ) : (
        <p aria-busy="true">
          <FormattedMessage id="progress.loading" />
        </p>
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
        <Stat label="progress.streak">
          <FormattedMessage id="progress.streak.days" values={{ days: progress.streak }} />
        </Stat>
        <Stat label="progress.completed">
          <FormattedNumber value={completed} />
        </Stat>
        <Stat label="progress.rested">
          <FormattedNumber value={rested} />
        </Stat>
      </dl>
      <Heatmap progress={progress} />
      <MinutesChart weeks={progress.weeks} />
      <Categories categories={progress.categories} />
    </>
  );
}

/** One figure of the summary: its label's message id, and the figure. */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Each day of the last 12 weeks: completed, rested or not. */
function Heatmap({ progress }: { progress: ProgressView }) {
  const intl = useIntl();
  return (
    <section className={styles.card} aria-labelledby="progress-heatmap-title">
      <h2 id="progress-heatmap-title">
        <FormattedMessage id="progress.heatmap.title" values={{ weeks: PROGRESS_WEEKS }} />
      </h2>
      <div className={styles.heatmap}>
        <ol className={styles.days} aria-hidden="true">
          {WEEK_DAYS.map((day) => (
            <li key={day}>{dayName(intl, day, 'narrow')}</li>
          ))}
        </ol>
        <ol className={styles.weeks}>
          {progress.weeks.map((week) => (
            <li key={week.weekStart}>
              <span className="visually-hidden">
                <FormattedMessage
                  id="progress.heatmap.week"
                  values={{ date: shortDate(intl, week.weekStart) }}
                />
              </span>
              <ol className={styles.cells}>
                {week.days.map((day) => (
                  <li
                    key={day.date}
                    className={clsx(
                      styles.cell,
                      STATE_CLASS[day.state],
                      day.date === progress.today && styles.today,
                    )}
                    aria-label={intl.formatMessage(
                      { id: 'progress.heatmap.day' },
                      {
                        day: dayName(intl, day.day, 'long'),
                        date: shortDate(intl, day.date),
                        state: day.state,
                      },
                    )}
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
          <span className={clsx(styles.cell, styles.complete)} />{' '}
          <FormattedMessage id="progress.legend.complete" />
        </li>
        <li>
          <span className={clsx(styles.cell, styles.rest)}>🌙</span>{' '}
          <FormattedMessage id="progress.legend.rest" />
        </li>
        <li>
          <span className={clsx(styles.cell, styles.open)} /> <FormattedMessage id="progress.legend.open" />
        </li>
      </ul>
    </section>
  );
}

/** Minutes of care each week, as bars against the busiest week. */
function MinutesChart({ weeks }: { weeks: ProgressView['weeks'] }) {
  const mostMinutes = Math.max(1, ...weeks.map((week) => week.minutes));
  const intl = useIntl();
  return (
    <section className={styles.card} aria-labelledby="progress-minutes-title">
      <h2 id="progress-minutes-title">
        <FormattedMessage id="progress.minutes.title" />
      </h2>
      <ol className={styles.minutes}>
        {weeks.map((week) => (
          <li key={week.weekStart}>
            <span>{shortDate(intl, week.weekStart)}</span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={styles.bar}
                style={{ width: `${Math.round((week.minutes / mostMinutes) * 100)}%` }}
              />
            </span>
            <span className={styles.value}>
              <FormattedMessage id="progress.minutes.value" values={{ minutes: week.minutes }} />
            </span>
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
      <h2 id="progress-categories-title">
        <FormattedMessage id="progress.categories.title" />
      </h2>
      {categories.length === 0 ? (
        <p>
          <FormattedMessage id="progress.categories.empty" />
        </p>
      ) : (
        <ol className={styles.categories}>
          {categories.map((entry) => (
            <li key={entry.category}>
              <CategoryBadge category={entry.category} />
              <span>
                <FormattedMessage
                  id="progress.categories.entry"
                  values={{ activities: entry.activities, minutes: entry.minutes }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
