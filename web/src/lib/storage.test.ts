import { describe, expect, it } from 'vitest';
import {
  clearPlanState,
  getCurrentView,
  getPendingCheckoutPlan,
  getQuizAnswers,
  getSelectedDayIndex,
  parseBillingPlan,
  setCurrentView,
  setPendingCheckoutPlan,
  setQuizAnswers,
  setSelectedDayIndex,
} from './storage';

const answers = {
  timeCommitment: '5-10 minutes',
  energyLevel: 'Low - I need gentle care',
  focusAreas: ['Mental wellbeing'],
  vibe: 'Calm & peaceful',
  timePreference: 'Morning person',
} as const;

describe('browser storage', () => {
  it('uses the documented key names and reads back what it wrote', () => {
    setCurrentView('weekly');
    setSelectedDayIndex(6);
    setQuizAnswers({ ...answers, focusAreas: [...answers.focusAreas] });
    expect(localStorage.getItem('currentView')).toBe('weekly');
    expect(localStorage.getItem('selectedDayIndex')).toBe('6');
    expect(JSON.parse(localStorage.getItem('quizAnswers') ?? '')).toEqual(answers);
    expect(getCurrentView()).toBe('weekly');
    expect(getSelectedDayIndex()).toBe(6);
    expect(getQuizAnswers()).toEqual(answers);
  });

  it('reads corrupt or foreign values as nothing stored', () => {
    localStorage.setItem('currentView', 'dashboard');
    localStorage.setItem('selectedDayIndex', '7');
    localStorage.setItem('quizAnswers', '{not json');
    expect(getCurrentView()).toBeNull();
    expect(getSelectedDayIndex()).toBeNull();
    expect(getQuizAnswers()).toBeNull();
    localStorage.setItem('quizAnswers', JSON.stringify({ ...answers, focusAreas: 'Mental wellbeing' }));
    expect(getQuizAnswers()).toBeNull();
  });

  it('Start Over forgets view, day and answers but not a chosen plan', () => {
    setCurrentView('day');
    setSelectedDayIndex(2);
    setQuizAnswers({ ...answers, focusAreas: [...answers.focusAreas] });
    setPendingCheckoutPlan('monthly');
    clearPlanState();
    expect(getCurrentView()).toBeNull();
    expect(getSelectedDayIndex()).toBeNull();
    expect(getQuizAnswers()).toBeNull();
    expect(getPendingCheckoutPlan()).toBe('monthly');
  });

  it('accepts only monthly and yearly as plans', () => {
    expect(parseBillingPlan('monthly')).toBe('monthly');
    expect(parseBillingPlan('yearly')).toBe('yearly');
    expect(parseBillingPlan('weekly')).toBeNull();
    expect(parseBillingPlan(null)).toBeNull();
  });
});
