import type { ReactNode } from 'react';
import { Avatar } from '../../components/avatar';
import { Dialog } from '../../components/dialog';
import type { AuthUser } from '../../lib/auth';

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
    <Dialog open={open} onClose={onClose} title="Your profile" size="small">
      <div className="profile">
        <Avatar name={user.name || user.email} src={user.avatarUrl} size={64} />
        <div>
          <p className="profile__name">{user.name}</p>
          <p className="profile__email">{user.email}</p>
        </div>
      </div>
      <p className="fine-print">Your name and picture come from your Google account.</p>
      {plan}
    </Dialog>
  );
}
