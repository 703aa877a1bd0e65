import { DAY_NAMES } from '@bloom/shared/planner/types';
import type { ProgressDayState, ProgressView } from '@bloom/shared/progress/progress';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button';
import { messageOf, progressQuery, useApi } from '../../lib/api';
import './progress.css';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Calendar dates, so formatted in UTC (docs/rules.md#weeks-and-days). */
const formatDate = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));

const STATE_LABELS: Record<ProgressDayState, string> = {
  complete: 'completed',
  rest: 'rest day',
  open: 'not completed',
  future: 'still to come',
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
    <main className="progress-screen">
      <div className="progress-screen__bar">
        <Button variant="ghost" size="small" onClick={onBack}>
          ← Back to my planner
        </Button>
      </div>
      <h1 ref={heading} tabIndex={-1} className="progress-screen__title">
        Your progress
      </h1>
      {data ? (
        <ProgressContent progress={data} />
      ) : error ? (
        <div className="planner-error" role="alert">
          <p>{messageOf(error, 'Failed to load your progress.')}</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <p className="progress-screen__loading" aria-busy="true">
          Gathering your weeks...
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
      <dl className="progress-summary">
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
    <section className="progress-card" aria-labelledby="progress-heatmap-title">
      <h2 id="progress-heatmap-title">The last 12 weeks</h2>
      <div className="heatmap">
        <ol className="heatmap__days" aria-hidden="true">
          {DAY_NAMES.map((name) => (
            <li key={name}>{name.slice(0, 1)}</li>
          ))}
        </ol>
        <ol className="heatmap__weeks">
          {progress.weeks.map((week) => (
            <li key={week.weekStart} className="heatmap__week">
              <span className="visually-hidden">Week of {formatDate(week.weekStart)}</span>
              <ol className="heatmap__cells">
                {week.days.map((day) => (
                  <li
                    key={day.date}
                    className={`heatmap__cell heatmap__cell--${day.state}${
                      day.date === progress.today ? ' heatmap__cell--today' : ''
                    }`}
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
      <ul className="heatmap__legend" aria-hidden="true">
        <li>
          <span className="heatmap__cell heatmap__cell--complete" /> Completed
        </li>
        <li>
          <span className="heatmap__cell heatmap__cell--rest">🌙</span> Rest day
        </li>
        <li>
          <span className="heatmap__cell heatmap__cell--open" /> Not completed
        </li>
      </ul>
    </section>
  );
}

/** Minutes of care each week, as bars against the busiest week. */
function MinutesChart({ weeks }: { weeks: ProgressView['weeks'] }) {
  const mostMinutes = Math.max(1, ...weeks.map((week) => week.minutes));
  return (
    <section className="progress-card" aria-labelledby="progress-minutes-title">
      <h2 id="progress-minutes-title">Minutes each week</h2>
      <ol className="minutes-chart">
        {weeks.map((week) => (
          <li key={week.weekStart}>
            <span className="minutes-chart__label">{formatDate(week.weekStart)}</span>
            <span className="minutes-chart__track" aria-hidden="true">
              <span
                className="minutes-chart__bar"
                style={{ width: `${Math.round((week.minutes / mostMinutes) * 100)}%` }}
              />
            </span>
            <span className="minutes-chart__value">{week.minutes} min</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The kinds of care she ticks most. */
function Categories({ categories }: { categories: ProgressView['categories'] }) {
  return (
    <section className="progress-card" aria-labelledby="progress-categories-title">
      <h2 id="progress-categories-title">What you do most</h2>
      {categories.length === 0 ? (
        <p>Tick an activity and your favourite kinds of care will show here.</p>
      ) : (
        <ol className="progress-categories">
          {categories.map((entry) => (
            <li key={entry.category}>
              <span className={`category-badge category-badge--${entry.category.toLowerCase()}`}>
                {entry.category}
              </span>
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
