import { weekPlan } from '@bloom/shared/plan/week-plan';
import { DAY_NAMES, SLOTS, type Slot } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPlanState, getPlanArrangement, setPlanArrangement, setQuizAnswers } from '../../lib/storage';
import { browserTimeZone } from '../../lib/time-zone';
import { InEnglish } from '../../testing/test-utils';
import PlanPreview from './plan-preview';

const weekStart = () => weekStartOf(todayIn(browserTimeZone(), new Date()));

/** A draggable card of a column (a slot's column is the section named by its slot). */
const CARD = 'button[aria-roledescription="draggable activity"]';

/**
 * jsdom lays nothing out, and dnd-kit finds where a card goes from where things are: the three columns side by
 * side, 300 px apart, their cards stacked 60 px apart.
 */
function layOutColumns() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const column = this.closest('section[aria-label]');
    const index = SLOTS.indexOf(column?.getAttribute('aria-label') as Slot);
    if (index === -1) return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    const left = index * 300;
    if (this.matches(CARD)) {
      const cards = [...(column?.querySelectorAll(CARD) ?? [])];
      return DOMRect.fromRect({ x: left + 10, y: 50 + cards.indexOf(this) * 60, width: 260, height: 50 });
    }
    return DOMRect.fromRect({ x: left, y: 0, width: 280, height: 600 });
  });
}

/** The first day of the week whose Morning holds an activity, and that activity's name. */
function dayWithMorning() {
  const plan = weekPlan(DEFAULT_QUIZ_ANSWERS, weekStart());
  const entry = plan.find((candidate) => candidate.slot === 'Morning');
  if (!entry) throw new Error('no Morning activity this week');
  return entry;
}

async function press(element: Element, key: string, code = key) {
  await act(async () => {
    fireEvent.keyDown(element, { key, code });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeEach(() => {
  clearPlanState();
  setQuizAnswers(DEFAULT_QUIZ_ANSWERS);
});

describe('PlanPreview', () => {
  it('keeps her arrangement in browser storage as she moves a card, for the week the server will plan', async () => {
    layOutColumns();
    const entry = dayWithMorning();
    render(<PlanPreview onSignIn={() => {}} onStartOver={() => {}} />, { wrapper: InEnglish });
    const tab = screen.getByRole('button', { name: DAY_NAMES[entry.day] });
    fireEvent.click(tab);
    expect(getPlanArrangement()).toBeNull();

    const morning = screen.getByRole('region', { name: 'Morning' });
    const card = within(morning).getAllByRole('button')[0] as HTMLElement;
    card.focus();
    await press(card, ' ', 'Space');
    await press(card, 'ArrowRight');
    await press(card, ' ', 'Space');

    const stored = getPlanArrangement();
    expect(stored?.weekStart).toBe(weekStart());
    expect(stored?.days[entry.day]?.Morning).not.toContain(entry.activityId);
    expect([...(stored?.days[entry.day]?.Midday ?? [])]).toContain(entry.activityId);
    expect(
      within(screen.getByRole('region', { name: 'Midday' })).getByRole('button', {
        name: new RegExp(card.getAttribute('aria-label')?.split(',')[0] ?? '-'),
      }),
    ).toBeInTheDocument();
  });

  it('opens as she left it: a stored arrangement of this plan places the cards', () => {
    const entry = dayWithMorning();
    const plan = weekPlan(DEFAULT_QUIZ_ANSWERS, weekStart());
    const days = Array.from({ length: 7 }, (_, day) => ({
      Morning: [] as string[],
      Midday: [] as string[],
      Evening: plan.filter((candidate) => candidate.day === day).map((candidate) => candidate.activityId),
    }));
    setPlanArrangement({ weekStart: weekStart(), days });
    render(<PlanPreview onSignIn={() => {}} onStartOver={() => {}} />, { wrapper: InEnglish });
    const tab = screen.getByRole('button', { name: DAY_NAMES[entry.day] });
    fireEvent.click(tab);
    expect(
      within(screen.getByRole('region', { name: 'Morning' })).getByText('No activities scheduled'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Evening' })).getAllByRole('button')).toHaveLength(
      days[entry.day]?.Evening.length ?? 0,
    );
  });

  it('forgets the arrangement with her answers (Start Over, or a new quiz)', () => {
    setPlanArrangement({
      weekStart: weekStart(),
      days: Array.from({ length: 7 }, () => ({ Morning: [], Midday: [], Evening: [] })),
    });
    setQuizAnswers(DEFAULT_QUIZ_ANSWERS);
    expect(getPlanArrangement()).toBeNull();
    setPlanArrangement({
      weekStart: weekStart(),
      days: Array.from({ length: 7 }, () => ({ Morning: [], Midday: [], Evening: [] })),
    });
    clearPlanState();
    expect(getPlanArrangement()).toBeNull();
  });
});
