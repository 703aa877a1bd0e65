import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Avatar } from '../../components/avatar';
import { Dialog } from '../../components/dialog';
import { FinePrint } from '../../components/fine-print';
import type { AuthUser } from '../../lib/auth';
import styles from './profile-dialog.module.css';

interface ProfileDialogProps {
  open: boolean;
  onClose(): void;
  user: AuthUser;
  /** Her plan and the way to manage it (the app supplies it). */
  plan: ReactNode;
}

/** The account as Google shared it with Bloom: picture, name and email, with her plan below. */
export function ProfileDialog({ open, onClose, user, plan }: ProfileDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={<FormattedMessage id="auth.profile.title" />} size="small">
      <div className={styles.profile}>
        <Avatar name={user.name || user.email} src={user.avatarUrl} size={64} />
        <div>
          <p className={styles.name}>{user.name}</p>
          <p className={styles.email}>{user.email}</p>
        </div>
      </div>
      <FinePrint>
        <FormattedMessage id="auth.profile.source" />
      </FinePrint>
      {plan}
    </Dialog>
  );
}
