import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { clsx } from 'clsx';
import { memo } from 'react';
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
  return (
    <nav aria-label={intl.formatMessage({ id: 'planner.picker.label' })}>
      <ul className={styles.list}>
        {week.days.map((day) => (
          <li key={day.day}>
            <PickerDay
              day={day.day}
              date={day.date}
              mark={
                week.completedDays.includes(day.day)
                  ? 'complete'
                  : week.restDays.includes(day.day)
                    ? 'rest'
                    : 'none'
              }
              isToday={day.date === week.today}
              selected={day.day === selected}
              onSelect={onSelect}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface PickerDayProps {
  day: DayIndex;
  date: string;
  mark: 'complete' | 'rest' | 'none';
  isToday: boolean;
  selected: boolean;
  onSelect(day: DayIndex): void;
}

/** One day of the strip: drawn again only when its mark or selection changes, not on every tick. */
const PickerDay = memo(function PickerDay({ day, date, mark, isToday, selected, onSelect }: PickerDayProps) {
  const intl = useIntl();
  const words = useWords();
  const shortName = words.day(day, 'short');
  return (
    <button
      type="button"
      className={clsx(styles.day, selected && styles.selected, isToday && styles.today)}
      aria-pressed={selected}
      aria-label={intl.formatMessage(
        { id: 'planner.picker.day' },
        { day: shortName, date: words.shortDate(date), today: isToday ? 'yes' : 'no', mark },
      )}
      onClick={() => onSelect(day)}
    >
      <span className={styles.name}>{shortName}</span>
      <span className={styles.date}>{date.slice(8).replace(/^0/, '')}</span>
      <span className={styles.mark} aria-hidden="true">
        {mark === 'complete' ? '✓' : mark === 'rest' ? '🌙' : ''}
      </span>
    </button>
  );
});

/** Previous and next day wrap around the week (Sunday → Monday). */
export function wrapDay(day: number): DayIndex {
  return (((day % 7) + 7) % 7) as DayIndex;
}
