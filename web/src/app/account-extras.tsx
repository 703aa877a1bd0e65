import type { Profile } from '@bloom/shared/api/schemas';
import { AccountDataMenu } from '../features/account';
import { SubscriptionPanel } from '../features/billing';
import { RemindersButton } from '../features/reminders';
import { AccountLinks } from './account-links';

/**
 * What the planner's account places (the top bar, compact, and the account sheet) hold besides her identity:
 * "Your progress", "Add to calendar", reminders, her plan and her data. Its own chunk (signed-in-home.tsx): none
 * of it is needed to show her week.
 */
export default function AccountExtras({
  profile,
  placement,
  onOpenProgress,
}: {
  profile: Profile | null;
  placement: 'compact' | 'full';
  onOpenProgress(): void;
}) {
  return (
    <>
      <AccountLinks placement={placement} onOpenProgress={onOpenProgress} />
      <RemindersButton compact={placement === 'compact'} />
      {profile ? (
        <>
          <SubscriptionPanel
            tier={profile.tier}
            subscription={profile.subscription}
            compact={placement === 'compact'}
          />
          <AccountDataMenu />
        </>
      ) : null}
    </>
  );
}
