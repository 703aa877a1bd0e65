import { Avatar } from '../../components/avatar';
import { ButtonLink } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { AuthUser } from '../../lib/auth';

/** The account as Google shared it with Bloom: picture, name and email, with the way to manage the plan. */
export function ProfileDialog({ open, onClose, user }: { open: boolean; onClose(): void; user: AuthUser }) {
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
      <ButtonLink to="/pricing" variant="secondary" fullWidth onClick={onClose}>
        Plans and billing
      </ButtonLink>
    </Dialog>
  );
}
