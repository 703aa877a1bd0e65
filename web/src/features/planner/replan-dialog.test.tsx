import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import { weekPlan } from '@bloom/shared/plan/week-plan';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../lib/api/errors';
import { setQuizAnswers } from '../../lib/storage';
import { createFakeApi, makeWeek, planned, WEEK_START } from '../../testing/fake-api';
import { PlannerScreens } from './planner-screens';
import { renderPlanner } from './testing/render';

const QUESTION = "Replace this week's plan with one from your new answers?";

/** The answers of her new quiz, different from the ones her profile holds. */
const RETAKEN: QuizAnswers = {
  timeCommitment: '5-10 minutes',
  energyLevel: 'Low - I need gentle care',
  focusAreas: ['Social connections'],
  vibe: 'Cozy & comforting',
  timePreference: 'Evening person',
};

/** The name of one activity of the plan her new answers make for the fake's week. */
const newPlanName = () => {
  const first = weekPlan(RETAKEN, WEEK_START)[0];
  const activity = first && findCatalogueActivity(first.activityId);
  if (!activity) throw new Error('the new plan is empty');
  return activity.name;
};

function renderWeekly(fake: ReturnType<typeof createFakeApi>, notify = vi.fn()) {
  renderPlanner(<PlannerScreens view="weekly" onViewChange={() => {}} onStartOver={() => {}} />, {
    api: fake.api,
    notify,
  });
  return notify;
}

beforeEach(() => setQuizAnswers(RETAKEN));

describe('retaking the quiz while signed in', () => {
  it('shows the week planned from the new answers when the week was untouched, without asking', async () => {
    const fake = createFakeApi(
      makeWeek([planned('stretch', 0, 'Morning'), planned('candle', 2, 'Evening')]),
      {
        quizAnswers: DEFAULT_QUIZ_ANSWERS,
      },
    );
    renderWeekly(fake);
    expect((await screen.findAllByText(newPlanName())).length).toBeGreaterThan(0);
    expect(screen.queryByText('Gentle stretch')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.name === 'replanWeek')).toBe(false);
  });

  it('asks before replacing a week she has ticked in; Replace keeps the tick and plans the rest anew', async () => {
    const fake = createFakeApi(
      makeWeek([planned('gratitude', 0, 'Morning', true), planned('stretch', 1, 'Evening')]),
      { quizAnswers: DEFAULT_QUIZ_ANSWERS },
    );
    renderWeekly(fake);
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    expect(dialog).toHaveAccessibleDescription(
      'Replacing costs no edits, and the activities you have ticked stay.',
    );
    expect(await screen.findByText('Gentle stretch')).toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument());
    expect(fake.calls.filter((call) => call.name === 'replanWeek')).toHaveLength(1);
    expect(screen.getByText('Gratitude journal')).toBeInTheDocument();
    expect(screen.queryByText('Gentle stretch')).not.toBeInTheDocument();
    expect(screen.getAllByText(newPlanName()).length).toBeGreaterThan(0);
    expect(
      fake.current().days[0]?.activities.find((activity) => activity.name === 'Gratitude journal'),
    ).toMatchObject({
      completed: true,
    });
    expect(fake.current().edits.used).toBe(0);
  });

  it('Keep my plan leaves the week as it is', async () => {
    const fake = createFakeApi(
      makeWeek([planned('gratitude', 0, 'Morning', true), planned('stretch', 1, 'Evening')]),
      {
        quizAnswers: DEFAULT_QUIZ_ANSWERS,
      },
    );
    renderWeekly(fake);
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument();
    expect(screen.getByText('Gentle stretch')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.name === 'replanWeek')).toBe(false);
  });

  it('says why when replacing fails, and keeps her week', async () => {
    const fake = createFakeApi(
      makeWeek([planned('gratitude', 0, 'Morning', true), planned('stretch', 1, 'Evening')]),
      {
        quizAnswers: DEFAULT_QUIZ_ANSWERS,
        failing: {
          replanWeek: errorFromResponse(409, {
            error: { code: 'replan_too_large', message: ERRORS.replan_too_large.message },
          }),
        },
      },
    );
    const notify = renderWeekly(fake);
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(ERRORS.replan_too_large.message));
    expect(screen.queryByRole('dialog', { name: QUESTION })).not.toBeInTheDocument();
    // Her week's cards are drawn in a deferred render once it arrives (week/weekly-planner.tsx).
    expect(await screen.findByText('Gentle stretch')).toBeInTheDocument();
  });
});
