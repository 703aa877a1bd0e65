import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { useIntl } from 'react-intl';
import { useWords } from '../i18n';
import styles from './day-picker.module.css';

interface DayPickerProps {
  week: WeekView;
  selected: DayIndex;
  onSelect(day: DayIndex): void;
}

/** The mobile strip of seven days; the chosen one is shown below it. */
export function DayPicker({ week, selected, onSelect }: DayPickerProps) {
  const intl = useIntl();
  const words = useWords();
  return (
    <nav aria-label={intl.formatMessage({ id: 'planner.picker.label' })}>
      <ul className={styles.list}>
        {week.days.map((day) => {
          const done = week.completedDays.includes(day.day);
          const rested = week.restDays.includes(day.day);
          const isToday = day.date === week.today;
          const shortName = words.day(day.day, 'short');
          return (
            <li key={day.day}>
              <button
                type="button"
                className={clsx(styles.day, day.day === selected && styles.selected, isToday && styles.today)}
                aria-pressed={day.day === selected}
                aria-label={intl.formatMessage(
                  { id: 'planner.picker.day' },
                  {
                    day: shortName,
                    date: words.shortDate(day.date),
                    today: isToday ? 'yes' : 'no',
                    mark: done ? 'complete' : rested ? 'rest' : 'none',
                  },
                )}
                onClick={() => onSelect(day.day)}
              >
                <span className={styles.name}>{shortName}</span>
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
