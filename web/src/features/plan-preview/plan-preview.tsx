import { formatDayName } from '@bloom/shared/i18n/format';
import { DAY_NAMES, type DayIndex, SLOTS, type Slot } from '@bloom/shared/planner/types';
import { QUIZ_QUESTIONS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { quizAnswersSchema } from '@bloom/shared/quiz/quiz-answers-schema';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { clsx } from 'clsx';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import * as v from 'valibot';
import { Button } from '../../components/button';
import { localeOf } from '../../components/locale-of';
import { downloadPlanPdf } from '../../lib/pdf/plan-pdf';
import { getPlanArrangement, getQuizAnswers, setPlanArrangement } from '../../lib/storage';
import { browserTimeZone } from '../../lib/time-zone';
import styles from './plan-preview.module.css';
import {
  arrangementOfPreview,
  minutesOf,
  moveItem,
  type PreviewDay,
  type PreviewItem,
  previewWeek,
  slotOf,
} from './preview-plan';
import { type PreviewWords, usePreviewWords } from './preview-words';

/** Her answers in her language: the stored option is the English one, shown by its place in the quiz. */
function answerText(intl: IntlShape, answers: QuizAnswers, key: keyof QuizAnswers): string {
  const options = QUIZ_QUESTIONS.find((question) => question.key === key)?.options ?? [];
  const value = answers[key];
  const label = (option: string) => {
    const index = options.indexOf(option);
    return index === -1 ? option : intl.formatMessage({ id: `plan-preview.answer.${key}.${index}` });
  };
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

function ActivityCard({ item, words }: { item: PreviewItem; words: PreviewWords }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    attributes: { roleDescription: words.dragRole },
  });
  const name = words.activityName(item.activity);
  const category = words.category(item.activity.category);
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        className={clsx(styles.activity, isDragging && styles.dragging)}
        style={{ transform: CSS.Transform.toString(transform), transition }}
        {...attributes}
        {...listeners}
        aria-label={words.activityLabel(name, item.activity.duration, category)}
      >
        <span className={styles.activityIcon} aria-hidden="true">
          {item.activity.icon}
        </span>
        <span className={styles.activityBody}>
          <span className={styles.activityTitle}>{name}</span>
          <span className={styles.activityMeta}>
            <FormattedMessage
              id="plan-preview.activity.meta"
              values={{
                duration: item.activity.duration,
                category: <span className={styles.badge}>{category}</span>,
              }}
            />
          </span>
        </span>
      </button>
    </li>
  );
}

function SlotColumn({ slot, items, words }: { slot: Slot; items: PreviewItem[]; words: PreviewWords }) {
  const { setNodeRef, isOver } = useDroppable({ id: slot });
  const minutes = items.reduce((total, item) => total + item.activity.duration, 0);
  return (
    <section
      className={clsx('card', styles.column, isOver && styles.columnOver)}
      aria-label={words.slot(slot)}
    >
      <h3 className={styles.columnTitle}>
        {words.slot(slot)}{' '}
        <span className={styles.columnMinutes}>
          <FormattedMessage id="plan-preview.minutes" values={{ minutes }} />
        </span>
      </h3>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={styles.columnList}>
          {items.map((item) => (
            <ActivityCard key={item.id} item={item} words={words} />
          ))}
          {items.length === 0 ? (
            <li className={styles.columnEmpty}>
              <FormattedMessage id="plan-preview.empty" />
            </li>
          ) : null}
        </ul>
      </SortableContext>
    </section>
  );
}

/**
 * The "planner" home view for visitors: the week their quiz answers produce (the same generator the server
 * uses), Morning / Midday / Evening columns whose cards can be dragged (or moved with the keyboard) to
 * rearrange, the answers, Start Over, Export as PDF, and the way to keep the plan by signing in.
 */
export default function PlanPreview({ onSignIn, onStartOver }: { onSignIn(): void; onStartOver(): void }) {
  const answers = useMemo(() => {
    const parsed = v.safeParse(quizAnswersSchema, getQuizAnswers());
    return parsed.success ? parsed.output : null;
  }, []);
  // This week in the visitor's own time zone: the week the server will plan for her once she signs in.
  const [weekStart] = useState(() => weekStartOf(todayIn(browserTimeZone(), new Date())));
  // As she left it: her arrangement is kept as she moves cards (it survives a reload and the sign-in).
  const [week, setWeek] = useState<PreviewDay[]>(() =>
    answers ? previewWeek(answers, weekStart, getPlanArrangement()) : [],
  );
  const [dayIndex, setDayIndex] = useState(0);
  const intl = useIntl();
  const words = usePreviewWords();

  useEffect(() => {
    if (!answers) onStartOver();
  }, [answers, onStartOver]);
  if (!answers) return null;

  const onMove = (moved: PreviewDay) => {
    const next = week.map((candidate, index) => (index === dayIndex ? moved : candidate));
    setWeek(next);
    setPlanArrangement(arrangementOfPreview(weekStart, next));
  };

  return (
    <div className="section">
      <div className="section__inner">
        <p className="eyebrow">
          <FormattedMessage id="plan-preview.eyebrow" />
        </p>
        <h1 className="section__title">
          <FormattedMessage id="plan-preview.title" />
        </h1>
        <p className="section__lead">
          <FormattedMessage id="plan-preview.lead" />
        </p>
        <div className={styles.actions}>
          <Button size="large" onClick={onSignIn}>
            <FormattedMessage id="plan-preview.save" />
          </Button>
          <Button variant="secondary" onClick={() => exportPreviewPdf(intl, words, answers, week)}>
            <FormattedMessage id="plan-preview.exportPdf" />
          </Button>
          <Button variant="ghost" onClick={onStartOver}>
            <FormattedMessage id="plan-preview.startOver" />
          </Button>
        </div>

        <AnswersCard answers={answers} />
        <DayTabs selected={dayIndex} onSelect={setDayIndex} />
        <DayColumns day={week[dayIndex] as PreviewDay} dayIndex={dayIndex} words={words} onMove={onMove} />
      </div>
    </div>
  );
}

/** The day on screen: its name and minutes, and its three columns, whose cards move by drag or keyboard. */
function DayColumns({
  day,
  dayIndex,
  words,
  onMove,
}: {
  day: PreviewDay;
  dayIndex: number;
  words: PreviewWords;
  onMove(day: PreviewDay): void;
}) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const moved = dropped(day, event);
    if (moved) onMove(moved);
  };
  return (
    <>
      <h2 className={styles.dayTitle}>
        <FormattedMessage
          id="plan-preview.dayTitle"
          values={{ day: formatDayName(dayIndex as DayIndex, localeOf(intl)), minutes: minutesOf(day) }}
        />
      </h2>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcementsFor(day, words),
          screenReaderInstructions: { draggable: words.dragInstructions },
        }}
      >
        <div className={styles.columns}>
          {SLOTS.map((slot) => (
            <SlotColumn key={slot} slot={slot} items={day[slot]} words={words} />
          ))}
        </div>
      </DndContext>
    </>
  );
}

const ANSWER_KEYS = QUIZ_QUESTIONS.map((question) => question.key);

function AnswersCard({ answers }: { answers: QuizAnswers }) {
  const intl = useIntl();
  return (
    <section className={clsx('card', styles.answers)} aria-labelledby="answers-title">
      <h2 id="answers-title">
        <FormattedMessage id="plan-preview.answers.title" />
      </h2>
      <dl>
        {ANSWER_KEYS.map((key) => (
          <div key={key}>
            <dt>
              <FormattedMessage id={`plan-preview.answers.${key}`} />
            </dt>
            <dd>{answerText(intl, answers, key)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DayTabs({ selected, onSelect }: { selected: number; onSelect(index: number): void }) {
  const intl = useIntl();
  const locale = localeOf(intl);
  return (
    <fieldset className={styles.dayTabs}>
      <legend className="visually-hidden">
        <FormattedMessage id="plan-preview.dayTabs" />
      </legend>
      {DAY_NAMES.map((name, index) => (
        <button
          key={name}
          type="button"
          className={clsx(styles.dayTab, index === selected && styles.activeTab)}
          aria-pressed={index === selected}
          onClick={() => onSelect(index)}
        >
          <span aria-hidden="true">{formatDayName(index as DayIndex, locale, 'short')}</span>
          <span className="visually-hidden">{formatDayName(index as DayIndex, locale)}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** The day after a card was dropped on a slot or on another card; null when it was dropped nowhere. */
function dropped(day: PreviewDay, { active, over }: DragEndEvent): PreviewDay | null {
  if (!over) return null;
  const overId = String(over.id);
  const target = SLOTS.includes(overId as Slot) ? (overId as Slot) : slotOf(day, overId);
  if (!target) return null;
  return moveItem(day, String(active.id), target, SLOTS.includes(overId as Slot) ? null : overId);
}

/** What a screen reader hears as she moves a card, in the day's own words and in her language. */
function announcementsFor(day: PreviewDay, words: PreviewWords): Announcements {
  const nameOf = (id: string | number) => {
    const activity = SLOTS.flatMap((slot) => day[slot]).find((item) => item.id === id)?.activity;
    return activity ? words.activityName(activity) : words.drag('activity');
  };
  const whereIs = (id: string | number | undefined) => {
    const slot =
      id === undefined ? undefined : SLOTS.includes(id as Slot) ? (id as Slot) : slotOf(day, String(id));
    return slot ? words.slot(slot) : words.drag('nowhere');
  };
  return {
    onDragStart: ({ active }) => words.drag('pickedUp', nameOf(active.id), whereIs(active.id)),
    onDragOver: ({ active, over }) => words.drag('over', nameOf(active.id), whereIs(over?.id)),
    onDragEnd: ({ active, over }) =>
      over
        ? words.drag('dropped', nameOf(active.id), whereIs(over.id))
        : words.drag('putBack', nameOf(active.id)),
    onDragCancel: ({ active }) => words.drag('cancelled', nameOf(active.id)),
  };
}

function exportPreviewPdf(intl: IntlShape, words: PreviewWords, answers: QuizAnswers, week: PreviewDay[]) {
  const locale = localeOf(intl);
  return downloadPlanPdf({
    title: intl.formatMessage({ id: 'plan-preview.pdf.title' }),
    subtitle: intl.formatMessage({ id: 'plan-preview.pdf.subtitle' }),
    details: ANSWER_KEYS.map((key) => ({
      label: intl.formatMessage({ id: `plan-preview.answers.${key}` }),
      value: answerText(intl, answers, key),
    })),
    days: week.map((planned, index) => ({
      title: formatDayName(index as DayIndex, locale),
      slots: SLOTS.map((slot) => ({
        name: words.slot(slot),
        activities: planned[slot].map(({ activity }) => ({
          name: words.activityName(activity),
          duration: activity.duration,
          category: words.category(activity.category),
        })),
      })),
    })),
    words: {
      minutes: (minutes) => intl.formatMessage({ id: 'plan-preview.minutes' }, { minutes }),
      empty: intl.formatMessage({ id: 'plan-preview.empty' }),
    },
  });
}
