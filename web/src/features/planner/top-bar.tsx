import { useIntl } from 'react-intl';
import { AccountSheetButton, AccountSummary } from './account';
import { useWeek } from './api/use-week';
import { useWords } from './i18n';
import iconButton from './icon-button.module.css';
import { EditsPill, PillPlaceholder, StreakPill } from './pills';
import { usePlannerUi } from './planner-ui';
import styles from './top-bar.module.css';

/** Week navigation, streak and edits, and the account (in a side sheet on mobile). */
export function TopBar({ mobile }: { mobile: boolean }) {
  const { weekStart, goToWeek } = usePlannerUi();
  const { week } = useWeek();
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
        <AccountSheetButton streak={week?.streak ?? null} edits={week?.edits ?? null} />
      ) : (
        <div className={styles.stats}>
          {week ? (
            <>
              <StreakPill streak={week.streak} />
              <EditsPill edits={week.edits} />
            </>
          ) : (
            <PillPlaceholder />
          )}
          <AccountSummary />
        </div>
      )}
    </header>
  );
}
