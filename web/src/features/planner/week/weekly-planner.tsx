import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { dayIndexOf } from '@bloom/shared/week/week';
import { clsx } from 'clsx';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { ErrorPanel } from '../../../components/error-panel';
import { useSetDayCompletion, useSetRestDay } from '../api/day-mutations';
import { useMoveActivity, useToggleActivity } from '../api/planned-activity-mutations';
import { useProfile } from '../api/use-profile';
import { useWeek, useWeekPainted } from '../api/use-week';
import { prefersReducedMotion } from '../confetti';
import iconButton from '../icon-button.module.css';
import screens from '../planner-screens.module.css';
import { ProBanner } from '../pro-banner';
import { TopBar } from '../top-bar';
import { DayCard, OneDay } from './day-card';
import { DayPicker, wrapDay } from './day-picker';
import { ExportPdfButton } from './export-pdf-button';
import { useWeekDnd, WeekDndContext } from './use-week-dnd';
import { WeekGlance, WeekGlancePlaceholder } from './week-glance';
import layout from './week-layout.module.css';
import { WeekSkeleton } from './week-skeleton';

/** The grid scrolls by this much per arrow press (docs/rules.md#screens). */
export const GRID_SCROLL_STEP_PX = 320;

interface WeeklyPlannerProps {
  mobile: boolean;
  /** The day whose View & Edit Day gets focus on arrival (coming back from that day's view). */
  returnFocusTo?: DayIndex | null;
  onOpenDay(day: DayIndex): void;
  onStartOver(): void;
}

/** The weekly view: seven day cards (one at a time with a day picker on mobile) and Week at a Glance. */
export function WeeklyPlanner({ mobile, returnFocusTo = null, onOpenDay, onStartOver }: WeeklyPlannerProps) {
  const { week, error: weekError, retry } = useWeek();
  const profile = useProfile();
  const moveActivity = useMoveActivity();
  const grid = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  useArrival(week !== null, grid, returnFocusTo);
  const card = useDayCard(week, onOpenDay);
  // Kept here, not in MobileWeek: the day she picked stays picked while another week loads.
  const [mobileDay, setMobileDay] = useState<DayIndex | null>(returnFocusTo);
  const dndState = useWeekDnd(useWeekPainted());
  const { dnd } = dndState;
  // Drag and drop spans the day cards only, so the grid (and how far it is scrolled) stays as it is when it loads.
  const board = (cards: ReactNode) =>
    dnd && week ? (
      <dnd.PlanBoard activities={week.days.flatMap((day) => day.activities)} onMove={moveActivity} acrossDays>
        {cards}
      </dnd.PlanBoard>
    ) : (
      cards
    );

  return (
    <div className={screens.column}>
      <TopBar mobile={mobile} />
      {profile?.tier === 'pro' ? null : <ProBanner place="week" />}

      {!week ? (
        weekError ? (
          <ErrorPanel message={weekError} onRetry={retry} />
        ) : (
          <WeekSkeleton mobile={mobile} label={intl.formatMessage({ id: 'planner.week.loading' })} />
        )
      ) : (
        <WeekDndContext.Provider value={dndState}>
          {mobile ? (
            <MobileWeek week={week} picked={mobileDay} onPick={setMobileDay} card={card} board={board} />
          ) : (
            <WeekGrid week={week} grid={grid} card={card} board={board} />
          )}
        </WeekDndContext.Provider>
      )}

      {week ? <WeekGlance week={week} /> : <WeekGlancePlaceholder />}

      <div className={layout.footer}>
        <Button variant="ghost" onClick={onStartOver}>
          <FormattedMessage id="planner.week.startOver" />
        </Button>
        <ExportPdfButton week={week} />
      </div>
    </div>
  );
}

type CardOf = (index: DayIndex) => ReactNode;
/** Puts the day cards on the drag-and-drop board, once it has loaded. */
type Board = (cards: ReactNode) => ReactNode;

/** Once the week is there: bring today's card into the grid's view, or give focus back to the day just left. */
function useArrival(
  weekLoaded: boolean,
  grid: RefObject<HTMLDivElement | null>,
  returnFocusTo: DayIndex | null,
) {
  useEffect(() => {
    if (!weekLoaded) return;
    const track = grid.current;
    const today = track?.querySelector<HTMLElement>('[data-today]');
    if (track && today) track.scrollLeft = today.offsetLeft - track.offsetLeft - GRID_SCROLL_STEP_PX / 2;
    if (returnFocusTo !== null) {
      document
        .querySelector<HTMLElement>(`[data-open-day="${returnFocusTo}"]`)
        ?.focus({ preventScroll: false });
    }
  }, [weekLoaded, grid, returnFocusTo]);
}

/** A day's card, with what ticking, marking and opening it do. */
function useDayCard(week: WeekView | null, onOpenDay: (day: DayIndex) => void): CardOf {
  const toggleActivity = useToggleActivity();
  const setDayCompletion = useSetDayCompletion();
  const setRestDay = useSetRestDay();
  return (index) => {
    const day = week?.days[index];
    if (!week || !day) return null;
    return (
      <DayCard
        key={day.day}
        day={day}
        isToday={day.date === week.today}
        completed={week.completedDays.includes(day.day)}
        rested={week.restDays.includes(day.day)}
        onToggleActivity={toggleActivity}
        onSetCompleted={setDayCompletion}
        onSetRest={setRestDay}
        onOpen={onOpenDay}
      />
    );
  };
}

/** On a phone: one day at a time, the one she picked or else today, with a day picker. */
function MobileWeek(props: {
  week: WeekView;
  picked: DayIndex | null;
  onPick(day: DayIndex): void;
  card: CardOf;
  board: Board;
}) {
  const { week, card, board, onPick: setMobileDay } = props;
  const todayIndex = week.days.some((day) => day.date === week.today) ? dayIndexOf(week.today) : 0;
  const shownDay = props.picked ?? todayIndex;
  const intl = useIntl();
  return (
    <section aria-label={intl.formatMessage({ id: 'planner.week.label' })}>
      {/* The arrows share the picker's row, so the day card below has the phone's whole width. */}
      <div className={layout.picker}>
        <button
          type="button"
          className={clsx(iconButton.button, iconButton.small)}
          aria-label={intl.formatMessage({ id: 'planner.week.previousDay' })}
          onClick={() => setMobileDay(wrapDay(shownDay - 1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <DayPicker week={week} selected={shownDay} onSelect={setMobileDay} />
        <button
          type="button"
          className={clsx(iconButton.button, iconButton.small)}
          aria-label={intl.formatMessage({ id: 'planner.week.nextDay' })}
          onClick={() => setMobileDay(wrapDay(shownDay + 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <OneDay>{board(card(shownDay))}</OneDay>
    </section>
  );
}

/** Beside the phone: the seven days in a row that scrolls, with arrows. */
function WeekGrid({
  week,
  grid,
  card,
  board,
}: {
  week: WeekView;
  grid: RefObject<HTMLDivElement | null>;
  card: CardOf;
  board: Board;
}) {
  const scrollGrid = (direction: 1 | -1) =>
    grid.current?.scrollBy({
      left: direction * GRID_SCROLL_STEP_PX,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  const intl = useIntl();
  return (
    <section className={layout.grid} aria-label={intl.formatMessage({ id: 'planner.week.label' })}>
      <button
        type="button"
        className={iconButton.button}
        aria-label={intl.formatMessage({ id: 'planner.week.scrollLeft' })}
        onClick={() => scrollGrid(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div ref={grid} className={layout.track}>
        {board(week.days.map((day) => card(day.day)))}
      </div>
      <button
        type="button"
        className={iconButton.button}
        aria-label={intl.formatMessage({ id: 'planner.week.scrollRight' })}
        onClick={() => scrollGrid(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </section>
  );
}
