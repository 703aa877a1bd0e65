import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FinePrint } from '../../components/fine-print';

// The settings and everything push needs load when she opens them, never with the planner.
const RemindersPanel = lazy(() => import('./reminders-panel'));

/**
 * "Reminders" in her account, opening the reminder settings: a small quiet button in the top bar (`compact`), a
 * full-width outlined one in the account sheet, as the buttons beside it.
 */
export function RemindersButton({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'secondary'}
        size={compact ? 'small' : 'medium'}
        fullWidth={!compact}
        onClick={() => setOpen(true)}
      >
        <FormattedMessage id="reminders.title" />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={intl.formatMessage({ id: 'reminders.title' })}
        size="small"
      >
        <Suspense
          fallback={
            <FinePrint>
              <FormattedMessage id="reminders.loading" />
            </FinePrint>
          }
        >
          <RemindersPanel />
        </Suspense>
      </Dialog>
    </>
  );
}
