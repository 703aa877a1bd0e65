import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { Button } from '../../../components/button';
import { dayNameOf, formatShortDate, minutesLabel } from '../format';
import { slotsOf, totalsOf } from '../week-model';
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

/** One day of the week: its activities by slot, totals, the Mark Day Complete toggle and View & Edit Day. */
export function DayCard({
  day,
  isToday,
  completed,
  rested,
  onToggleActivity,
  onSetCompleted,
  onSetRest,
  onOpen,
}: DayCardProps) {
  const name = dayNameOf(day.day);
  const headingId = `day-card-${day.day}`;
  return (
    <article
      className={`day-card${isToday ? ' day-card--today' : ''}${completed ? ' day-card--complete' : ''}${
        rested ? ' day-card--rest' : ''
      }`}
      aria-labelledby={headingId}
    >
      <header className="day-card__header">
        <p className="day-card__date">{formatShortDate(day.date)}</p>
        <h3 id={headingId} className="day-card__name">
          {isToday ? `${name} ` : name}
          {isToday ? <span className="day-card__today">(Today)</span> : null}
        </h3>
        {rested ? <p className="rest-badge">🌙 Rest day</p> : null}
      </header>

      <div className="day-card__slots">
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
}

function DayTotals({ activities }: { activities: Day['activities'] }) {
  const totals = totalsOf(activities);
  return (
    <dl className="day-card__totals">
      <div>
        <dt>Total</dt>
        <dd>{minutesLabel(totals.minutes)}</dd>
      </div>
      <div>
        <dt>Done</dt>
        <dd>
          {totals.completed}/{totals.total} actions
        </dd>
      </div>
    </dl>
  );
}

/** Mark Day Complete (or Undo rest day), Rest day, and View & Edit Day, each described by the day's name. */
function DayActions({
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
    <div className="day-card__actions">
      {rested ? (
        <Button
          variant="secondary"
          size="small"
          aria-describedby={headingId}
          onClick={() => onSetRest(day, false)}
        >
          Undo rest day
        </Button>
      ) : (
        <Button
          variant={completed ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={completed}
          aria-describedby={headingId}
          onClick={() => onSetCompleted(day, !completed)}
        >
          {completed ? '✓ Day Complete' : 'Mark Day Complete'}
        </Button>
      )}
      {completed || rested ? null : (
        <Button
          variant="ghost"
          size="small"
          aria-describedby={headingId}
          onClick={() => onSetRest(day, true)}
        >
          Rest day
        </Button>
      )}
      <Button
        variant="ghost"
        size="small"
        aria-describedby={headingId}
        data-open-day={day}
        onClick={() => onOpen(day)}
      >
        View & Edit Day
      </Button>
    </div>
  );
}
