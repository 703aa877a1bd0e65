import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import dialogActions from './dialog-actions.module.css';
import type { LimitPrompt } from './limit-prompt';

/**
 * Title and text of each limit the free plan can hit (docs/rules.md#weekly-edit-limit,
 * docs/rules.md#custom-activities).
 */
export function limitCopy(prompt: LimitPrompt): { title: string; text: string } {
  switch (prompt.kind) {
    case 'weeklyEdits':
      return {
        title: "You've reached your weekly limit!",
        text: `You've used all ${prompt.limit} of your weekly edits. Upgrade to Pro for unlimited edits and more features.`,
      };
    case 'dailyActions':
      return { title: 'Daily action limit reached', text: prompt.message };
    case 'proFeature':
      return { title: 'Unlock Pro', text: prompt.message };
  }
}

/** The upgrade modal: Continue Free closes it, Upgrade Now goes to /pricing. */
export function LimitDialog({ prompt, onClose }: { prompt: LimitPrompt | null; onClose(): void }) {
  const navigate = useNavigate();
  if (!prompt) return null;
  const { title, text } = limitCopy(prompt);
  return (
    <Dialog open onClose={onClose} title={title} description={text} size="small">
      <div className={dialogActions.actions}>
        <Button variant="secondary" onClick={onClose}>
          Continue Free
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate('/pricing');
          }}
        >
          Upgrade Now
        </Button>
      </div>
    </Dialog>
  );
}
