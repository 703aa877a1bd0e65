import type { DayIndex } from '@bloom/shared/planner/types';
import { dayIndexOf } from '@bloom/shared/week/week';
import { useCallback, useEffect, useState } from 'react';
import { getSelectedDayIndex, setSelectedDayIndex } from '../../lib/storage';
import { useWeek } from './api/use-week';
import { DayView } from './day/day-view';
import { LimitDialog } from './limit-dialog';
import styles from './planner-screens.module.css';
import { usePlannerUi } from './planner-ui';
import { ReplanDialog } from './replan-dialog';
import { useIsMobile } from './use-media-query';
import { WeeklyPlanner } from './week/weekly-planner';

export type PlannerView = 'weekly' | 'day';

interface PlannerScreensProps {
  view: PlannerView;
  onViewChange(view: PlannerView): void;
  onStartOver(): void;
}

/** The signed-in home: the weekly and day views (the day is remembered in `selectedDayIndex`). */
export function PlannerScreens({ view, onViewChange, onStartOver }: PlannerScreensProps) {
  const { week } = useWeek();
  const { limitPrompt, closeLimitPrompt } = usePlannerUi();
  const mobile = useIsMobile();
  const [day, setDay] = useState<DayIndex | null>(() => getSelectedDayIndex() as DayIndex | null);
  const [leftDay, setLeftDay] = useState<DayIndex | null>(null);

  const today = week?.today;
  const shownDay: DayIndex = day ?? (today ? dayIndexOf(today) : 0);

  const openDay = useCallback(
    (index: DayIndex) => {
      setSelectedDayIndex(index);
      setDay(index);
      onViewChange('day');
    },
    [onViewChange],
  );

  // The day view starts at the top; the weekly view scrolls to the day card that gets focus back.
  useEffect(() => {
    if (view === 'day') window.scrollTo?.({ top: 0 });
  }, [view]);

  return (
    <main className={styles.page}>
      {view === 'day' ? (
        <DayView
          key={shownDay}
          day={shownDay}
          mobile={mobile}
          onBack={() => {
            setLeftDay(shownDay);
            onViewChange('weekly');
          }}
        />
      ) : (
        <WeeklyPlanner
          mobile={mobile}
          returnFocusTo={leftDay}
          onOpenDay={openDay}
          onStartOver={onStartOver}
        />
      )}
      <LimitDialog prompt={limitPrompt} onClose={closeLimitPrompt} />
      <ReplanDialog />
    </main>
  );
}
