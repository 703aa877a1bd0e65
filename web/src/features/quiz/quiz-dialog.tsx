import { QUIZ_QUESTIONS, type QuizAnswers, type QuizQuestion } from '@bloom/shared/quiz/quiz';
import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import styles from './quiz-dialog.module.css';

/** How long "Personalizing your plan..." shows (docs/rules.md#screens). */
export const PERSONALIZING_MS = 2000;

type Draft = Partial<Record<keyof QuizAnswers, string | string[]>>;

function isAnswered(question: QuizQuestion, draft: Draft): boolean {
  const value = draft[question.key];
  return question.multiple ? Array.isArray(value) && value.length > 0 : typeof value === 'string';
}

function QuestionStep({
  question,
  draft,
  onChange,
}: {
  question: QuizQuestion;
  draft: Draft;
  onChange(value: string | string[]): void;
}) {
  const hintId = useId();
  const current = draft[question.key];
  const selected = new Set(Array.isArray(current) ? current : current ? [current] : []);
  const toggle = (option: string) => {
    if (!question.multiple) return onChange(option);
    const next = new Set(selected);
    if (next.has(option)) next.delete(option);
    else next.add(option);
    // Keep the quiz's own order, whatever the order of clicks.
    onChange(question.options.filter((candidate) => next.has(candidate)));
  };
  // Each option is shown in her language and stored as itself: the plan generator reads the English option
  // (shared/src/quiz/quiz.ts), so a translation can never change an answer.
  return (
    <fieldset className={styles.question} aria-describedby={hintId}>
      <legend className={styles.title}>
        <FormattedMessage id={`quiz.${question.key}.title`} />
      </legend>
      <p id={hintId} className={styles.subtitle}>
        <FormattedMessage id={`quiz.${question.key}.subtitle`} />
      </p>
      <div className={styles.options}>
        {question.options.map((option, index) => (
          <label key={option} className={clsx(styles.option, selected.has(option) && styles.selected)}>
            <input
              type={question.multiple ? 'checkbox' : 'radio'}
              name={question.key}
              value={option}
              checked={selected.has(option)}
              onChange={() => toggle(option)}
            />
            <span>
              <FormattedMessage id={`quiz.${question.key}.option.${index}`} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The five-question quiz (docs/rules.md#screens): Back and Next, Next disabled until the question is
 * answered, focus areas multi-select, "Create My Plan" on the last question, then "Personalizing your
 * plan..." for 2000 ms before the answers are handed over.
 */
export default function QuizDialog({
  onClose,
  onComplete,
}: {
  onClose(): void;
  onComplete(answers: QuizAnswers): void;
}) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({});
  const [personalizing, setPersonalizing] = useState(false);
  const question = QUIZ_QUESTIONS[step] as QuizQuestion;
  const last = step === QUIZ_QUESTIONS.length - 1;
  const intl = useIntl();

  useEffect(() => {
    if (!personalizing) return;
    const timer = setTimeout(() => onComplete(draft as QuizAnswers), PERSONALIZING_MS);
    return () => clearTimeout(timer);
  }, [personalizing, draft, onComplete]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={<FormattedMessage id={personalizing ? 'quiz.creatingTitle' : 'quiz.title'} />}
      dismissible={!personalizing}
      size="medium"
    >
      {personalizing ? (
        <div className={styles.personalizing} role="status">
          <Spinner />
          <p>
            <FormattedMessage id="quiz.personalizing" />
          </p>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!isAnswered(question, draft)) return;
            if (last) setPersonalizing(true);
            else setStep(step + 1);
          }}
        >
          <p className={styles.progressLabel}>
            <FormattedMessage id="quiz.progress" values={{ step: step + 1, total: QUIZ_QUESTIONS.length }} />
          </p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'quiz.progressLabel' })}
            aria-valuemin={1}
            aria-valuemax={QUIZ_QUESTIONS.length}
            aria-valuenow={step + 1}
          >
            <span
              className={styles.progressBar}
              style={{ width: `${((step + 1) / QUIZ_QUESTIONS.length) * 100}%` }}
            />
          </div>
          <QuestionStep
            key={question.key}
            question={question}
            draft={draft}
            onChange={(value) => setDraft({ ...draft, [question.key]: value })}
          />
          <div className={styles.actions}>
            <Button variant="secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>
              <FormattedMessage id="quiz.back" />
            </Button>
            <Button type="submit" disabled={!isAnswered(question, draft)}>
              <FormattedMessage id={last ? 'quiz.create' : 'quiz.next'} />
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
