import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { type ActionKey, messageOf, newActionKey, queryKeys, useApi } from '../../lib/api';
import dialogActions from './dialog-actions.module.css';
import { usePlannerUi } from './planner-ui';

/** The question's English words (its message `planner.replan.question`), as tests find it. */
export const REPLAN_QUESTION = "Replace this week's plan with one from your new answers?";

/**
 * After she retook the quiz with a week she has made her own: Replace plans the week from her new answers (the
 * server keeps what she ticked and spends no edit), Keep my plan leaves it as it is.
 */
export function ReplanDialog() {
  const api = useApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const { replanOffer: weekStart, closeReplanOffer, notify } = usePlannerUi();
  const replace = useMutation({
    mutationFn: ({ key, week }: { key: ActionKey; week: string }) => api.replanWeek(key, week),
    onMutate: ({ week }) => queryClient.cancelQueries({ queryKey: queryKeys.week(week) }),
    onSuccess: (replanned) => {
      queryClient.setQueryData(queryKeys.week(replanned.weekStart), replanned);
      closeReplanOffer();
    },
    onError: (error) => {
      notify(messageOf(error));
      closeReplanOffer();
    },
  });
  if (!weekStart) return null;
  return (
    <Dialog
      open
      onClose={closeReplanOffer}
      title={intl.formatMessage({ id: 'planner.replan.question' })}
      description={intl.formatMessage({ id: 'planner.replan.description' })}
      size="small"
      dismissible={!replace.isPending}
    >
      <div className={dialogActions.actions}>
        <Button variant="secondary" onClick={closeReplanOffer} disabled={replace.isPending}>
          <FormattedMessage id="planner.replan.keep" />
        </Button>
        <Button
          onClick={() => replace.mutate({ key: newActionKey(), week: weekStart })}
          busy={replace.isPending}
          busyText={intl.formatMessage({ id: 'planner.replan.replacing' })}
        >
          <FormattedMessage id="planner.replan.replace" />
        </Button>
      </div>
    </Dialog>
  );
}
