import { weekLabel } from '@bloom/shared/week/week';
import { AccountSheetButton, AccountSummary } from './account';
import { useWeek } from './api/use-week';
import { EditsPill, StreakPill } from './pills';
import { usePlannerUi } from './planner-ui';

/** Week navigation, streak and edits, and the account (in a side sheet on mobile). */
export function TopBar({ mobile }: { mobile: boolean }) {
  const { weekStart, goToWeek } = usePlannerUi();
  const { week } = useWeek();
  return (
    <header className="planner-top-bar">
      <nav className="week-nav" aria-label="Week">
        <button type="button" className="icon-button" aria-label="Previous week" onClick={() => goToWeek(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <h1 className="week-nav__label" aria-live="polite">
          {weekLabel(weekStart)}
        </h1>
        <button type="button" className="icon-button" aria-label="Next week" onClick={() => goToWeek(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </nav>
      {mobile ? (
        <AccountSheetButton streak={week?.streak ?? null} edits={week?.edits ?? null} />
      ) : (
        <div className="planner-top-bar__stats">
          {week ? (
            <>
              <StreakPill streak={week.streak} />
              <EditsPill edits={week.edits} />
            </>
          ) : (
            <span className="planner-pill planner-pill--placeholder" aria-hidden="true" />
          )}
          <AccountSummary />
        </div>
      )}
    </header>
  );
}
