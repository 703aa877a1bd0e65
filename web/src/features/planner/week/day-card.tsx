import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { type HTMLAttributes, memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/button';
import { useWords } from '../i18n';
import { RestBadge } from '../rest-badge';
import { Skeleton } from '../skeleton';
import { slotsOf, totalsOf } from '../week-model';
import styles from './day-card.module.css';
import { DayCardSlot } from './day-card-slot';

type Day = WeekView['days'][number];

interface DayCardProps {
  day: Day;
  isToday: boolean;
  completed: boolean;
  /** Her rest day: neither completed nor missed (docs/rules.md#rest-days). */
  rested: boolean;
  onToggleActivity(id: string): void;
  onSetCompleted(day: DayIndex, completed: boolean): void;
  onSetRest(day: DayIndex, rest: boolean): void;
  onOpen(day: DayIndex): void;
}

/**
 * One day of the week: its activities by slot, totals, the Mark Day Complete toggle and View & Edit Day. Drawn
 * again only when its own day, marks or actions change (a tick elsewhere in the week leaves it as it is).
 */
export const DayCard = memo(function DayCard({
  day,
  isToday,
  completed,
  rested,
  onToggleActivity,
  onSetCompleted,
  onSetRest,
  onOpen,
}: DayCardProps) {
  const words = useWords();
  const name = words.day(day.day);
  const headingId = `day-card-${day.day}`;
  return (
    <article
      className={clsx(
        styles.card,
        isToday && styles.today,
        completed && styles.complete,
        rested && styles.rest,
      )}
      aria-labelledby={headingId}
      data-today={isToday || undefined}
    >
      <header className={styles.header}>
        <p className={styles.date}>{words.shortDate(day.date)}</p>
        <h3 id={headingId} className={styles.name}>
          {isToday ? `${name} ` : name}
          {isToday ? (
            <span className={styles.todayLabel}>
              <FormattedMessage id="planner.week.today" />
            </span>
          ) : null}
        </h3>
        {rested ? <RestBadge /> : null}
      </header>

      <div className={styles.slots}>
        {slotsOf(day).map(({ slot, activities }) => (
          <DayCardSlot
            key={slot}
            day={day.day}
            dayName={name}
            slot={slot}
            activities={activities}
            onToggleActivity={onToggleActivity}
          />
        ))}
      </div>

      <DayTotals activities={day.activities} />
      <DayActions
        day={day.day}
        headingId={headingId}
        completed={completed}
        rested={rested}
        onSetCompleted={onSetCompleted}
        onSetRest={onSetRest}
        onOpen={onOpen}
      />
    </article>
  );
});

function DayTotals({ activities }: { activities: Day['activities'] }) {
  const totals = totalsOf(activities);
  const words = useWords();
  return (
    <dl className={styles.totals}>
      <div>
        <dt>
          <FormattedMessage id="planner.week.total" />
        </dt>
        <dd>{words.minutes(totals.minutes)}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="planner.week.done" />
        </dt>
        <dd>
          <FormattedMessage
            id="planner.actions"
            values={{ completed: totals.completed, total: totals.total }}
          />
        </dd>
      </div>
    </dl>
  );
}

/** Mark Day Complete (or Undo rest day), Rest day, and View & Edit Day, each described by the day's name. */
const DayActions = memo(function DayActions({
  day,
  headingId,
  completed,
  rested,
  onSetCompleted,
  onSetRest,
  onOpen,
}: Pick<DayCardProps, 'completed' | 'rested' | 'onSetCompleted' | 'onSetRest' | 'onOpen'> & {
  day: DayIndex;
  headingId: string;
}) {
  return (
    <div className={styles.actions}>
      {rested ? (
        <Button
          variant="secondary"
          size="small"
          aria-describedby={headingId}
          onClick={() => onSetRest(day, false)}
        >
          <FormattedMessage id="planner.rest.undo" />
        </Button>
      ) : (
        <Button
          variant={completed ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={completed}
          aria-describedby={headingId}
          onClick={() => onSetCompleted(day, !completed)}
        >
          <FormattedMessage id={completed ? 'planner.dayComplete' : 'planner.markDayComplete'} />
        </Button>
      )}
      {completed || rested ? null : (
        <Button
          variant="ghost"
          size="small"
          aria-describedby={headingId}
          onClick={() => onSetRest(day, true)}
        >
          <FormattedMessage id="planner.rest.take" />
        </Button>
      )}
      <Button
        variant="ghost"
        size="small"
        aria-describedby={headingId}
        data-open-day={day}
        onClick={() => onOpen(day)}
      >
        <FormattedMessage id="planner.week.viewEditDay" />
      </Button>
    </div>
  );
});

/** A day card's placeholder while the week loads: the same size, so nothing moves when the week arrives. */
export function DayCardSkeleton() {
  return (
    <div className={clsx(styles.card, styles.skeleton)}>
      <Skeleton shape="short" />
      <Skeleton shape="title" />
      {[0, 1, 2].map((slot) => (
        <Skeleton key={slot} shape="block" />
      ))}
      <Skeleton shape="button" />
    </div>
  );
}

/** The one day a phone shows at a time (a day card there is a little shorter). */
export function OneDay(props: Omit<HTMLAttributes<HTMLDivElement>, 'className'>) {
  return <div {...props} className={styles.single} />;
}
