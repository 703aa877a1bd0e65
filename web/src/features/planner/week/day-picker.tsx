import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { formatShortDate } from '../format';
import styles from './day-picker.module.css';

const SHORT_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

interface DayPickerProps {
  week: WeekView;
  selected: DayIndex;
  onSelect(day: DayIndex): void;
}

/** The mobile strip of seven days; the chosen one is shown below it. */
export function DayPicker({ week, selected, onSelect }: DayPickerProps) {
  return (
    <nav aria-label="Choose a day">
      <ul className={styles.list}>
        {week.days.map((day) => {
          const done = week.completedDays.includes(day.day);
          const rested = week.restDays.includes(day.day);
          const isToday = day.date === week.today;
          return (
            <li key={day.day}>
              <button
                type="button"
                className={clsx(styles.day, day.day === selected && styles.selected, isToday && styles.today)}
                aria-pressed={day.day === selected}
                aria-label={`${SHORT_NAMES[day.day]} ${formatShortDate(day.date)}${isToday ? ' (Today)' : ''}${
                  done ? ', complete' : rested ? ', rest day' : ''
                }`}
                onClick={() => onSelect(day.day)}
              >
                <span className={styles.name}>{SHORT_NAMES[day.day]}</span>
                <span className={styles.date}>{day.date.slice(8).replace(/^0/, '')}</span>
                <span className={styles.mark} aria-hidden="true">
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
