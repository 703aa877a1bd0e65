import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { formatShortDate } from '../format';

const SHORT_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

interface DayPickerProps {
  week: WeekView;
  selected: DayIndex;
  onSelect(day: DayIndex): void;
}

/** The mobile strip of seven days; the chosen one is shown below it. */
export function DayPicker({ week, selected, onSelect }: DayPickerProps) {
  return (
    <nav className="day-picker" aria-label="Choose a day">
      <ul className="day-picker__list">
        {week.days.map((day) => {
          const done = week.completedDays.includes(day.day);
          const rested = week.restDays.includes(day.day);
          const isToday = day.date === week.today;
          return (
            <li key={day.day}>
              <button
                type="button"
                className={`day-picker__day${day.day === selected ? ' day-picker__day--selected' : ''}${
                  isToday ? ' day-picker__day--today' : ''
                }`}
                aria-pressed={day.day === selected}
                aria-label={`${SHORT_NAMES[day.day]} ${formatShortDate(day.date)}${isToday ? ' (Today)' : ''}${
                  done ? ', complete' : rested ? ', rest day' : ''
                }`}
                onClick={() => onSelect(day.day)}
              >
                <span className="day-picker__name">{SHORT_NAMES[day.day]}</span>
                <span className="day-picker__date">{day.date.slice(8).replace(/^0/, '')}</span>
                <span className="day-picker__mark" aria-hidden="true">
                  {done ? '✓' : rested ? '🌙' : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Previous and next day wrap around the week (Sunday → Monday). */
export function wrapDay(day: number): DayIndex {
  return (((day % 7) + 7) % 7) as DayIndex;
}
