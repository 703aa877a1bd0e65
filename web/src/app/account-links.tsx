import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../components/button';

// "Add to calendar" is opened rarely: its own chunk, loaded when she opens it.
const CalendarDialog = lazy(() => import('../features/calendar/calendar-dialog'));

/** "Your progress" and "Add to calendar", where the planner shows her account. */
export function AccountLinks({
  placement,
  onOpenProgress,
}: {
  placement: 'compact' | 'full';
  onOpenProgress(): void;
}) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const compact = placement === 'compact';
  const look = {
    variant: compact ? ('ghost' as const) : ('secondary' as const),
    size: compact ? ('small' as const) : ('medium' as const),
    fullWidth: !compact,
  };
  return (
    <>
      <Button {...look} onClick={onOpenProgress}>
        <FormattedMessage id="app.account.progress" />
      </Button>
      <Button {...look} onClick={() => setCalendarOpen(true)}>
        <FormattedMessage id="app.account.calendar" />
      </Button>
      {calendarOpen ? (
        <Suspense fallback={null}>
          <CalendarDialog open onClose={() => setCalendarOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
