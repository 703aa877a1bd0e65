import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { type RefObject, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/button';
import { AccountSheetButton } from '../account';
import { useSetDayCompletion, useSetRestDay } from '../api/day-mutations';
import { useWords } from '../i18n';
import { EditsPill } from '../pills';
import { RestBadge } from '../rest-badge';
import styles from './day-header.module.css';

interface DayHeaderProps {
  day: DayIndex;
  week: WeekView | null;
  mobile: boolean;
  onBack(): void;
}

/** The day's title (focused when the day opens), the way back to the week, and the day's marks. */
export function DayHeader({ day, week, mobile, onBack }: DayHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const dayEntry = week?.days.find((entry) => entry.day === day);

  return (
    <header>
      <div className={styles.bar}>
        <Button variant="ghost" size="small" onClick={onBack}>
          <FormattedMessage id="planner.day.back" />
        </Button>
        <div className={styles.stats}>
          {week ? <EditsPill edits={week.edits} /> : null}
          {mobile ? <AccountSheetButton streak={week?.streak ?? null} edits={week?.edits ?? null} /> : null}
        </div>
      </div>
      <div className={styles.titleRow}>
        <DayTitle day={day} date={dayEntry?.date} heading={heading} />
        <DayMarks day={day} week={week} />
      </div>
    </header>
  );
}

function DayTitle({
  day,
  date,
  heading,
}: {
  day: DayIndex;
  date: string | undefined;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const words = useWords();
  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        <FormattedMessage id="planner.day.title" values={{ day: words.day(day) }} />
      </h1>
      {date ? <p className={styles.date}>{words.shortDate(date)}</p> : null}
      <p className={styles.hint}>
        <FormattedMessage id="planner.day.hint" />
      </p>
    </div>
  );
}

/** Mark Complete (or Completed), and Rest day (or, on her rest day, Undo rest day). */
function DayMarks({ day, week }: { day: DayIndex; week: WeekView | null }) {
  const setDayCompletion = useSetDayCompletion();
  const setRestDay = useSetRestDay();
  const completed = week?.completedDays.includes(day) ?? false;
  const rested = week?.restDays.includes(day) ?? false;
  return (
    <div className={styles.marks}>
      {rested ? (
        <>
          <RestBadge />
          <Button variant="secondary" onClick={() => setRestDay(day, false)}>
            <FormattedMessage id="planner.rest.undo" />
          </Button>
        </>
      ) : (
        <>
          <Button
            variant={completed ? 'primary' : 'secondary'}
            aria-pressed={completed}
            disabled={!week}
            onClick={() => setDayCompletion(day, !completed)}
          >
            <FormattedMessage id={completed ? 'planner.day.completed' : 'planner.day.markComplete'} />
          </Button>
          {completed ? null : (
            <Button variant="ghost" disabled={!week} onClick={() => setRestDay(day, true)}>
              <FormattedMessage id="planner.rest.take" />
            </Button>
          )}
        </>
      )}
    </div>
  );
}
