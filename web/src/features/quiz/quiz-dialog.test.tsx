import { QUIZ_QUESTIONS } from '@bloom/shared/quiz/quiz';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InEnglish } from '../../testing/test-utils';
import QuizDialog, { PERSONALIZING_MS } from './quiz-dialog';

function setup() {
  const onComplete = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<QuizDialog onClose={onClose} onComplete={onComplete} />, { wrapper: InEnglish });
  return { user, onComplete, onClose };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const back = () => screen.getByRole('button', { name: 'Back' });

describe('QuizDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on question 1 of 5 with Back disabled and Next disabled until answered', async () => {
    const { user } = setup();
    expect(screen.getByRole('dialog', { name: 'Your self-care quiz' })).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: QUIZ_QUESTIONS[0]?.title })).toBeInTheDocument();
    expect(back()).toBeDisabled();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '15-20 minutes' }));
    expect(next()).toBeEnabled();
  });

  it('goes back and forth and keeps answers', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: '5-10 minutes' }));
    await user.click(next());
    expect(screen.getByText('Question 2 of 5')).toBeInTheDocument();
    expect(back()).toBeEnabled();
    expect(next()).toBeDisabled();
    await user.click(back());
    expect(screen.getByText('Question 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5-10 minutes' })).toBeChecked();
  });

  it('toggles focus areas: selecting again removes, and at least one is required', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: '5-10 minutes' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'Low - I need gentle care' }));
    await user.click(next());
    const mental = screen.getByRole('checkbox', { name: 'Mental wellbeing' });
    const social = screen.getByRole('checkbox', { name: 'Social connections' });
    await user.click(mental);
    await user.click(social);
    expect(mental).toBeChecked();
    expect(social).toBeChecked();
    expect(next()).toBeEnabled();
    await user.click(mental);
    await user.click(social);
    expect(mental).not.toBeChecked();
    expect(next()).toBeDisabled();
  });

  it('ends with Create My Plan, personalises for 2000 ms, then hands over the answers', async () => {
    const { user, onComplete } = setup();
    await user.click(screen.getByRole('radio', { name: '30+ minutes' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'High - bring on the challenge' }));
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: 'Spiritual growth' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mental wellbeing' }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: 'Fun & playful' }));
    await user.click(next());
    expect(screen.getByText('Question 5 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Evening person' }));
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));

    expect(screen.getByText('Personalizing your plan...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(PERSONALIZING_MS - 50));
    expect(onComplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(onComplete).toHaveBeenCalledOnce();
    expect(onComplete).toHaveBeenCalledWith({
      timeCommitment: '30+ minutes',
      energyLevel: 'High - bring on the challenge',
      focusAreas: ['Mental wellbeing', 'Spiritual growth'],
      vibe: 'Fun & playful',
      timePreference: 'Evening person',
    });
  });

  it('closes on Escape', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
