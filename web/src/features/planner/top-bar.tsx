import { memo } from 'react';
import { useIntl } from 'react-intl';
import { AccountSheetButton, AccountSummary } from './account';
import { useWords } from './i18n';
import iconButton from './icon-button.module.css';
import { EditsPill, PillPlaceholder, StreakPill } from './pills';
import { usePlannerUi } from './planner-ui';
import styles from './top-bar.module.css';
import { useShownWeek } from './week/shown-week';

/**
 * Week navigation, streak and edits, and the account (in a side sheet on mobile). Only the streak and edits read
 * the week (`WeekStats`), so a tick draws those again, not the bar.
 */
export const TopBar = memo(function TopBar({ mobile }: { mobile: boolean }) {
  const { weekStart, goToWeek } = usePlannerUi();
  const intl = useIntl();
  const words = useWords();
  const say = (id: string) => intl.formatMessage({ id });
  return (
    <header className={styles.bar}>
      <nav className={styles.nav} aria-label={say('planner.week.nav')}>
        <button
          type="button"
          className={iconButton.button}
          aria-label={say('planner.week.previous')}
          onClick={() => goToWeek(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h1 className={styles.label} aria-live="polite">
          {words.week(weekStart)}
        </h1>
        <button
          type="button"
          className={iconButton.button}
          aria-label={say('planner.week.next')}
          onClick={() => goToWeek(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </nav>
      {mobile ? (
        <WeekStats mobile />
      ) : (
        <div className={styles.stats}>
          <WeekStats mobile={false} />
          <AccountSummary />
        </div>
      )}
    </header>
  );
});

/** Her streak and edits left: in the account sheet on mobile, as pills beside it. */
function WeekStats({ mobile }: { mobile: boolean }) {
  const week = useShownWeek();
  if (mobile) return <AccountSheetButton streak={week?.streak ?? null} edits={week?.edits ?? null} />;
  return week ? (
    <>
      <StreakPill streak={week.streak} />
      <EditsPill edits={week.edits} />
    </>
  ) : (
    <PillPlaceholder />
  );
}
