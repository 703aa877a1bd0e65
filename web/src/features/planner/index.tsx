import type { DayIndex } from '@bloom/shared/planner/types';
import { dayIndexOf } from '@bloom/shared/week/week';
import { useCallback, useEffect, useState } from 'react';
import { useHomeView } from '../../app/home-view';
import { showToast } from '../../components/toast';
import { type BloomApi, bloomApi } from '../../lib/api';
import { getSelectedDayIndex, setSelectedDayIndex } from '../../lib/storage';
import { ChatWidget } from '../chat/chat-widget';
import { DayView } from '../day/day-view';
import { LimitDialog } from '../upgrade/limit-dialog';
import { PlannerProvider, usePlanner } from './planner-store';
import { useIsMobile } from './use-media-query';
import { WeeklyPlanner } from './weekly-planner';
import './planner.css';

const notifyError = (message: string) => showToast(message, 'error');

/** The signed-in home: the weekly and day views (remembered in `currentView` and `selectedDayIndex`). */
export default function SignedInHome({ api = bloomApi }: { api?: BloomApi }) {
  return (
    <PlannerProvider api={api} notify={notifyError}>
      <PlannerScreens api={api} />
    </PlannerProvider>
  );
}

export function PlannerScreens({ api }: { api: BloomApi }) {
  const { view, setView, startOver } = useHomeView();
  const planner = usePlanner();
  const mobile = useIsMobile();
  const [day, setDay] = useState<DayIndex | null>(() => getSelectedDayIndex() as DayIndex | null);
  const [leftDay, setLeftDay] = useState<DayIndex | null>(null);

  const today = planner.week?.today;
  const shownDay: DayIndex = day ?? (today ? dayIndexOf(today) : 0);

  const openDay = useCallback(
    (index: DayIndex) => {
      setSelectedDayIndex(index);
      setDay(index);
      setView('day');
    },
    [setView],
  );

  // The day view starts at the top; the weekly view scrolls to the day card that gets focus back.
  useEffect(() => {
    if (view === 'day') window.scrollTo?.({ top: 0 });
  }, [view]);

  return (
    <main className="planner-page">
      {view === 'day' ? (
        <DayView
          key={shownDay}
          day={shownDay}
          mobile={mobile}
          onBack={() => {
            setLeftDay(shownDay);
            setView('weekly');
          }}
        />
      ) : (
        <WeeklyPlanner mobile={mobile} returnFocusTo={leftDay} onOpenDay={openDay} onStartOver={startOver} />
      )}
      <LimitDialog prompt={planner.limitPrompt} onClose={planner.closeLimitPrompt} />
      <ChatWidget tier={planner.profile?.tier ?? null} sendMessage={api.sendCoachMessage} />
    </main>
  );
}
