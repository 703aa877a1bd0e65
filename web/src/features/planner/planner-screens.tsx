import type { DayIndex } from '@bloom/shared/planner/types';
import { dayIndexOf } from '@bloom/shared/week/week';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getSelectedDayIndex, setSelectedDayIndex } from '../../lib/storage';
import { useWeekPainted, useWeekToday } from './api/use-week';
import { LimitDialog } from './limit-dialog';
import styles from './planner-screens.module.css';
import { usePlannerUi } from './planner-ui';
import { ReplanDialog } from './replan-dialog';
import { useIsMobile } from './use-media-query';
import { WeeklyPlanner } from './week/weekly-planner';

// The day view (its slots, the activity library, custom activities) is its own chunk: loaded once the week is
// on screen, or at once when the day is what she opens on.
const loadDayView = () => import('./day/day-view');
const DayView = lazy(() => loadDayView().then((module) => ({ default: module.DayView })));

export type PlannerView = 'weekly' | 'day';

interface PlannerScreensProps {
  view: PlannerView;
  onViewChange(view: PlannerView): void;
  onStartOver(): void;
}

/** The signed-in home: the weekly and day views (the day is remembered in `selectedDayIndex`). */
export function PlannerScreens({ view, onViewChange, onStartOver }: PlannerScreensProps) {
  // Only today, not the week: her ticks do not draw the screens' frame again.
  const today = useWeekToday();
  const painted = useWeekPainted();
  useEffect(() => {
    if (painted) void loadDayView();
  }, [painted]);
  const { limitPrompt, closeLimitPrompt } = usePlannerUi();
  const mobile = useIsMobile();
  const [day, setDay] = useState<DayIndex | null>(() => getSelectedDayIndex() as DayIndex | null);
  const [leftDay, setLeftDay] = useState<DayIndex | null>(null);

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
        <Suspense fallback={null}>
          <DayView
            key={shownDay}
            day={shownDay}
            mobile={mobile}
            onBack={() => {
              setLeftDay(shownDay);
              onViewChange('weekly');
            }}
          />
        </Suspense>
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
