import type { Edits } from '@bloom/shared/planner/types';
import { memo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { LanguageMenu } from '../../components/language-menu';
import { useAuth } from '../../lib/auth';
import styles from './account.module.css';
import { useProfile } from './api/use-profile';
import { EditsPill, StreakPill } from './pills';
import { usePlannerUi } from './planner-ui';

function useAccount() {
  const { user, signOut } = useAuth();
  const intl = useIntl();
  return {
    name: user?.name || user?.email || intl.formatMessage({ id: 'planner.account.you' }),
    email: user?.email ?? '',
    avatarUrl: user?.avatarUrl ?? null,
    signOut: () => void signOut(),
  };
}

/** Avatar, name and email of who is signed in. */
function Identity({ account, avatarSize }: { account: ReturnType<typeof useAccount>; avatarSize: number }) {
  return (
    <>
      <Avatar name={account.name} src={account.avatarUrl} size={avatarSize} />
      <div className={styles.text}>
        <span className={styles.name}>{account.name}</span>
        <span className={styles.email}>{account.email}</span>
      </div>
    </>
  );
}

/** What the app adds to her account here (her plan), if anything. */
function useAccountExtras(placement: 'compact' | 'full') {
  const profile = useProfile();
  const { accountExtras } = usePlannerUi();
  return accountExtras?.(profile, placement) ?? null;
}

/** Desktop: who is signed in, her plan, her language, and Sign out. */
export function AccountSummary() {
  const account = useAccount();
  const extras = useAccountExtras('compact');
  return (
    <div className={styles.summary}>
      <Identity account={account} avatarSize={40} />
      {extras}
      <LanguageMenu placement="compact" />
      <Button variant="ghost" size="small" onClick={account.signOut}>
        <FormattedMessage id="planner.account.signOut" />
      </Button>
    </div>
  );
}

/** Mobile: streak, edits, the account and her language live in the "Account & Stats" side sheet. */
export const AccountSheetButton = memo(function AccountSheetButton({
  streak,
  edits,
}: {
  streak: number | null;
  edits: Edits | null;
}) {
  const [open, setOpen] = useState(false);
  const account = useAccount();
  const extras = useAccountExtras('full');
  const title = useIntl().formatMessage({ id: 'planner.account.sheet' });
  return (
    <>
      <button type="button" className={styles.sheetButton} onClick={() => setOpen(true)}>
        <Avatar name={account.name} src={account.avatarUrl} size={32} />
        <span className="visually-hidden">{title}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} variant="sheet">
        <div className={styles.sheet}>
          <div className={styles.summary}>
            <Identity account={account} avatarSize={48} />
          </div>
          <div className={styles.sheetStats}>
            {streak !== null ? <StreakPill streak={streak} /> : null}
            {edits ? <EditsPill edits={edits} /> : null}
          </div>
          {extras}
          <LanguageMenu placement="sheet" />
          <Button variant="secondary" fullWidth onClick={account.signOut}>
            <FormattedMessage id="planner.account.signOut" />
          </Button>
        </div>
      </Dialog>
    </>
  );
});
