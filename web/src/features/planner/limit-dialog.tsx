import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import dialogActions from './dialog-actions.module.css';
import { sayIn } from './i18n';
import type { LimitPrompt } from './limit-prompt';

/**
 * Title and text of each limit the free plan can hit (docs/rules.md#weekly-edit-limit,
 * docs/rules.md#custom-activities).
 */
export function limitCopy(prompt: LimitPrompt, intl: IntlShape): { title: string; text: string } {
  switch (prompt.kind) {
    case 'weeklyEdits':
      return {
        title: intl.formatMessage({ id: 'planner.limit.weeklyTitle' }),
        text: intl.formatMessage({ id: 'planner.limit.weeklyText' }, { limit: prompt.limit }),
      };
    case 'dailyActions':
      return {
        title: intl.formatMessage({ id: 'planner.limit.dailyTitle' }),
        text: sayIn(intl, prompt.message),
      };
    case 'proFeature':
      return {
        title: intl.formatMessage({ id: 'planner.limit.proTitle' }),
        text: sayIn(intl, prompt.message),
      };
  }
}

/** The upgrade modal: Continue Free closes it, Upgrade Now goes to /pricing. */
export function LimitDialog({ prompt, onClose }: { prompt: LimitPrompt | null; onClose(): void }) {
  const navigate = useNavigate();
  const intl = useIntl();
  if (!prompt) return null;
  const { title, text } = limitCopy(prompt, intl);
  return (
    <Dialog open onClose={onClose} title={title} description={text} size="small">
      <div className={dialogActions.actions}>
        <Button variant="secondary" onClick={onClose}>
          <FormattedMessage id="planner.limit.continueFree" />
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate('/pricing');
          }}
        >
          <FormattedMessage id="planner.limit.upgradeNow" />
        </Button>
      </div>
    </Dialog>
  );
}
