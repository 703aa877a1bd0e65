import type { DayIndex, PlannedActivity, WeekView } from '@bloom/shared/planner/types';
import { dayIndexOf } from '@bloom/shared/week/week';
import { clsx } from 'clsx';
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
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
import { ShownWeekContext, useShownWeek } from './shown-week';
import { useWeekDnd, type WeekDnd, WeekDndContext, type WeekDndState } from './use-week-dnd';
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

/**
 * The weekly view: seven day cards (one at a time with a day picker on mobile) and Week at a Glance. The week is
 * read here once and handed to the parts that draw it (./shown-week.ts); the view around them is drawn again
 * only when the week arrives or fails, not on her ticks.
 */
export function WeeklyPlanner(props: WeeklyPlannerProps) {
  const { week, error, retry } = useWeek();
  // When her week arrives, its cards are drawn in a deferred render: React draws them in slices and gives the
  // page back between them, instead of one task as long as the whole week (TanStack Query's answer would draw
  // at once). Only the arrival waits: a tick changes `week`, not this, and is drawn at once; a week that goes
  // (another is loading) gives way to the placeholders at once, not to empty cards for a render.
  const arrived = useDeferredValue(week !== null);
  const loaded = arrived && week !== null;
  const activities = useLatestActivities(week);
  // Here, not in the view: once the week is painted drag and drop loads, and the view is drawn again only then.
  const dnd = useWeekDnd(useWeekPainted());
  return (
    <ShownWeekContext.Provider value={week}>
      <WeeklyView {...props} loaded={loaded} error={error} retry={retry} activities={activities} dnd={dnd} />
    </ShownWeekContext.Provider>
  );
}

interface WeeklyViewProps extends WeeklyPlannerProps {
  loaded: boolean;
  error: string | null;
  retry(): void;
  /** The shown week's activities as they are now (the same function throughout). */
  activities(): PlannedActivity[];
  dnd: WeekDndState;
}

/**
 * The shown week's activities, read when called: the drag-and-drop board names a dragged one with them, and
 * reading them then, not as it renders, leaves the board as it is on a tick.
 */
function useLatestActivities(week: WeekView | null): () => PlannedActivity[] {
  const latest = useRef(week);
  useEffect(() => {
    latest.current = week;
  }, [week]);
  return useCallback(() => latest.current?.days.flatMap((day) => day.activities) ?? [], []);
}

const WeeklyView = memo(function WeeklyView({
  mobile,
  returnFocusTo = null,
  onOpenDay,
  onStartOver,
  loaded,
  error,
  retry,
  activities,
  dnd: dndState,
}: WeeklyViewProps) {
  const profile = useProfile();
  const grid = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  useArrival(loaded, grid, returnFocusTo);
  const card = useDayCard(onOpenDay);
  // Kept here, not in MobileWeek: the day she picked stays picked while another week loads.
  const [mobileDay, setMobileDay] = useState<DayIndex | null>(returnFocusTo);
  const board = useBoard(dndState.dnd, activities);

  return (
    <div className={screens.column}>
      <TopBar mobile={mobile} />
      {profile?.tier === 'pro' ? null : <ProBanner place="week" />}

      {!loaded ? (
        error ? (
          <ErrorPanel message={error} onRetry={retry} />
        ) : (
          <WeekSkeleton mobile={mobile} label={intl.formatMessage({ id: 'planner.week.loading' })} />
        )
      ) : (
        <WeekDndContext.Provider value={dndState}>
          {mobile ? (
            <MobileWeek picked={mobileDay} onPick={setMobileDay} card={card} board={board} />
          ) : (
            <WeekGrid grid={grid} card={card} board={board} />
          )}
        </WeekDndContext.Provider>
      )}

      <ShownWeekGlance />

      <div className={layout.footer}>
        <Button variant="ghost" onClick={onStartOver}>
          <FormattedMessage id="planner.week.startOver" />
        </Button>
        <ExportPdfButton />
      </div>
    </div>
  );
});

type CardOf = (index: DayIndex) => ReactNode;
/** Puts the day cards on the drag-and-drop board, once it has loaded. */
type Board = (cards: ReactNode) => ReactNode;

/** Drag and drop spans the day cards only, so the grid (and how far it is scrolled) stays as it is when it loads. */
function useBoard(dnd: WeekDnd | null, activities: () => PlannedActivity[]): Board {
  const moveActivity = useMoveActivity();
  return useCallback(
    (cards: ReactNode) =>
      dnd ? (
        <dnd.PlanBoard activities={activities} onMove={moveActivity} acrossDays>
          {cards}
        </dnd.PlanBoard>
      ) : (
        cards
      ),
    [dnd, moveActivity, activities],
  );
}

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
function useDayCard(onOpenDay: (day: DayIndex) => void): CardOf {
  const toggleActivity = useToggleActivity();
  const setDayCompletion = useSetDayCompletion();
  const setRestDay = useSetRestDay();
  return useCallback(
    (index: DayIndex) => (
      <ShownDayCard
        key={index}
        day={index}
        onToggleActivity={toggleActivity}
        onSetCompleted={setDayCompletion}
        onSetRest={setRestDay}
        onOpen={onOpenDay}
      />
    ),
    [toggleActivity, setDayCompletion, setRestDay, onOpenDay],
  );
}

type ShownDayCardProps = Omit<Parameters<typeof DayCard>[0], 'day' | 'isToday' | 'completed' | 'rested'> & {
  day: DayIndex;
};

/** The card of one day of the shown week, with its marks. */
function ShownDayCard({ day: index, ...actions }: ShownDayCardProps) {
  const week = useShownWeek();
  const day = week?.days[index];
  if (!week || !day) return null;
  return (
    <DayCard
      day={day}
      isToday={day.date === week.today}
      completed={week.completedDays.includes(day.day)}
      rested={week.restDays.includes(day.day)}
      {...actions}
    />
  );
}

/** On a phone: one day at a time, the one she picked or else today, with a day picker. */
function MobileWeek(props: {
  picked: DayIndex | null;
  onPick(day: DayIndex): void;
  card: CardOf;
  board: Board;
}) {
  const { card, board, onPick: setMobileDay } = props;
  const week = useShownWeek();
  const today = week?.today ?? '';
  const todayIndex = week?.days.some((day) => day.date === today) ? dayIndexOf(today) : 0;
  const shownDay = props.picked ?? todayIndex;
  // The same board for the same day: a tick draws the day card again, not the board around it.
  const boarded = useMemo(() => board(card(shownDay)), [board, card, shownDay]);
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
        {week ? <DayPicker week={week} selected={shownDay} onSelect={setMobileDay} /> : null}
        <button
          type="button"
          className={clsx(iconButton.button, iconButton.small)}
          aria-label={intl.formatMessage({ id: 'planner.week.nextDay' })}
          onClick={() => setMobileDay(wrapDay(shownDay + 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <OneDay>{boarded}</OneDay>
    </section>
  );
}

const WEEK_DAYS: readonly DayIndex[] = [0, 1, 2, 3, 4, 5, 6];

/** Beside the phone: the seven days in a row that scrolls, with arrows. */
function WeekGrid({
  grid,
  card,
  board,
}: {
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
        {board(WEEK_DAYS.map(card))}
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

/** Week at a Glance of the shown week, or its place while the week loads. */
function ShownWeekGlance() {
  const week = useShownWeek();
  return week ? <WeekGlance week={week} /> : <WeekGlancePlaceholder />;
}
