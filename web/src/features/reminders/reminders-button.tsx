import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FinePrint } from '../../components/fine-print';

// The settings and everything push needs load when she opens them, never with the planner.
const RemindersPanel = lazy(() => import('./reminders-panel'));

/** "Reminders" in her account menu, opening the reminder settings. */
export function RemindersButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="small" fullWidth={fullWidth} onClick={() => setOpen(true)}>
        Reminders
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Reminders" size="small">
        <Suspense fallback={<FinePrint>Loading your reminders...</FinePrint>}>
          <RemindersPanel />
        </Suspense>
      </Dialog>
    </>
  );
}
