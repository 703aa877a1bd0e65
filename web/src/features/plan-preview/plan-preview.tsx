import { DAY_NAMES, SLOTS, type Slot } from '@bloom/shared/planner/types';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
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
import * as v from 'valibot';
import { Button } from '../../components/button';
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

const ANSWER_LABELS: ReadonlyArray<{ key: keyof QuizAnswers; label: string }> = [
  { key: 'timeCommitment', label: 'Time each day' },
  { key: 'energyLevel', label: 'Energy' },
  { key: 'focusAreas', label: 'Focus areas' },
  { key: 'vibe', label: 'Vibe' },
  { key: 'timePreference', label: 'Time of day' },
];

function answerText(answers: QuizAnswers, key: keyof QuizAnswers): string {
  const value = answers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

function ActivityCard({ item }: { item: PreviewItem }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    attributes: { roleDescription: 'draggable activity' },
  });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        className={clsx(styles.activity, isDragging && styles.dragging)}
        style={{ transform: CSS.Transform.toString(transform), transition }}
        {...attributes}
        {...listeners}
        aria-label={`${item.activity.name}, ${item.activity.duration} minutes, ${item.activity.category}`}
      >
        <span className={styles.activityIcon} aria-hidden="true">
          {item.activity.icon}
        </span>
        <span className={styles.activityBody}>
          <span className={styles.activityTitle}>{item.activity.name}</span>
          <span className={styles.activityMeta}>
            {item.activity.duration} min · <span className={styles.badge}>{item.activity.category}</span>
          </span>
        </span>
      </button>
    </li>
  );
}

function SlotColumn({ slot, items }: { slot: Slot; items: PreviewItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: slot });
  const minutes = items.reduce((total, item) => total + item.activity.duration, 0);
  return (
    <section className={clsx('card', styles.column, isOver && styles.columnOver)} aria-label={slot}>
      <h3 className={styles.columnTitle}>
        {slot} <span className={styles.columnMinutes}>{minutes} min</span>
      </h3>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={styles.columnList}>
          {items.map((item) => (
            <ActivityCard key={item.id} item={item} />
          ))}
          {items.length === 0 ? <li className={styles.columnEmpty}>No activities scheduled</li> : null}
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!answers) onStartOver();
  }, [answers, onStartOver]);
  if (!answers) return null;

  const day = week[dayIndex] as PreviewDay;
  const onDragEnd = (event: DragEndEvent) => {
    const moved = dropped(day, event);
    if (!moved) return;
    const next = week.map((candidate, index) => (index === dayIndex ? moved : candidate));
    setWeek(next);
    setPlanArrangement(arrangementOfPreview(weekStart, next));
  };

  return (
    <div className="section">
      <div className="section__inner">
        <p className="eyebrow">Your personal plan</p>
        <h1 className="section__title">Your self-care blueprint</h1>
        <p className="section__lead">
          Built from your answers. Drag activities between Morning, Midday and Evening (or focus one and use
          Space and the arrow keys), then sign in to keep your plan, just as you arranged it, and tick off
          your rituals.
        </p>
        <div className={styles.actions}>
          <Button size="large" onClick={onSignIn}>
            Save my plan
          </Button>
          <Button variant="secondary" onClick={() => exportPreviewPdf(answers, week)}>
            Export as PDF
          </Button>
          <Button variant="ghost" onClick={onStartOver}>
            Start Over
          </Button>
        </div>

        <AnswersCard answers={answers} />
        <DayTabs selected={dayIndex} onSelect={setDayIndex} />
        <h2 className={styles.dayTitle}>
          {DAY_NAMES[dayIndex]} · {minutesOf(day)} min
        </h2>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCorners}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: announcementsFor(day) }}
        >
          <div className={styles.columns}>
            {SLOTS.map((slot) => (
              <SlotColumn key={slot} slot={slot} items={day[slot]} />
            ))}
          </div>
        </DndContext>
      </div>
    </div>
  );
}

function AnswersCard({ answers }: { answers: QuizAnswers }) {
  return (
    <section className={clsx('card', styles.answers)} aria-labelledby="answers-title">
      <h2 id="answers-title">Your answers</h2>
      <dl>
        {ANSWER_LABELS.map(({ key, label }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{answerText(answers, key)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DayTabs({ selected, onSelect }: { selected: number; onSelect(index: number): void }) {
  return (
    <fieldset className={styles.dayTabs}>
      <legend className="visually-hidden">Day of the week</legend>
      {DAY_NAMES.map((name, index) => (
        <button
          key={name}
          type="button"
          className={clsx(styles.dayTab, index === selected && styles.activeTab)}
          aria-pressed={index === selected}
          onClick={() => onSelect(index)}
        >
          {name.slice(0, 3)}
          <span className="visually-hidden">{name.slice(3)}</span>
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

/** What a screen reader hears as she moves a card, in the day's own words. */
function announcementsFor(day: PreviewDay): Announcements {
  const nameOf = (id: string | number) =>
    SLOTS.flatMap((slot) => day[slot]).find((item) => item.id === id)?.activity.name ?? 'activity';
  const whereIs = (id: string | number | undefined) =>
    id === undefined
      ? 'nowhere'
      : SLOTS.includes(id as Slot)
        ? String(id)
        : (slotOf(day, String(id)) ?? 'nowhere');
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} in ${whereIs(active.id)}.`,
    onDragOver: ({ active, over }) => `${nameOf(active.id)} is over ${whereIs(over?.id)}.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped in ${whereIs(over.id)}.` : `${nameOf(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

function exportPreviewPdf(answers: QuizAnswers, week: PreviewDay[]) {
  return downloadPlanPdf({
    title: 'My Bloom self-care plan',
    subtitle: 'Personalised from my quiz answers',
    details: ANSWER_LABELS.map(({ key, label }) => ({ label, value: answerText(answers, key) })),
    days: week.map((planned, index) => ({
      title: DAY_NAMES[index] ?? '',
      slots: SLOTS.map((slot) => ({
        name: slot,
        activities: planned[slot].map(({ activity }) => activity),
      })),
    })),
  });
}
