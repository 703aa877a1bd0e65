import { isPlan, type Plan } from '@bloom/shared/billing/plans';
import { isLocale, type Locale } from '@bloom/shared/i18n/locales';
import type { PlanArrangement } from '@bloom/shared/plan/week-plan';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';

/**
 * Typed access to what Bloom keeps in the browser (`currentView`, `selectedDayIndex`, `quizAnswers`:
 * docs/rules.md#screens), plus the pricing plan chosen before signing in, how she arranged the plan preview and
 * the language she chose (docs/rules.md#languages).
 * Everything is in localStorage so it survives the Google sign-in round trip. Reads never throw: a missing,
 * corrupt or blocked storage reads as "nothing stored".
 */
export const STORAGE_KEYS = {
  currentView: 'currentView',
  selectedDayIndex: 'selectedDayIndex',
  quizAnswers: 'quizAnswers',
  pendingCheckoutPlan: 'pendingCheckoutPlan',
  planArrangement: 'planArrangement',
  locale: 'locale',
} as const;

export const HOME_VIEWS = ['landing', 'planner', 'weekly', 'day', 'progress'] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); Bloom still works, it just forgets on reload.
  }
}

export function getCurrentView(): HomeView | null {
  const value = read(STORAGE_KEYS.currentView);
  return (HOME_VIEWS as readonly string[]).includes(value ?? '') ? (value as HomeView) : null;
}

export function setCurrentView(view: HomeView | null): void {
  write(STORAGE_KEYS.currentView, view);
}

/** 0 is Monday, 6 is Sunday. */
export function getSelectedDayIndex(): number | null {
  const value = Number.parseInt(read(STORAGE_KEYS.selectedDayIndex) ?? '', 10);
  return Number.isInteger(value) && value >= 0 && value <= 6 ? value : null;
}

export function setSelectedDayIndex(day: number | null): void {
  write(STORAGE_KEYS.selectedDayIndex, day === null ? null : String(day));
}

/**
 * The stored quiz answers, checked for shape only: the option values are validated by the server on
 * `PUT /api/me` and by the plan preview, so the landing page does not have to load the quiz schema.
 */
export function getQuizAnswers(): QuizAnswers | null {
  try {
    const value: unknown = JSON.parse(read(STORAGE_KEYS.quizAnswers) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const answers = value as Record<string, unknown>;
    const strings = ['timeCommitment', 'energyLevel', 'vibe', 'timePreference'].every(
      (key) => typeof answers[key] === 'string',
    );
    const focus =
      Array.isArray(answers.focusAreas) && answers.focusAreas.every((area) => typeof area === 'string');
    return strings && focus ? (value as QuizAnswers) : null;
  } catch {
    return null;
  }
}

/** New answers (or none) make a new plan: an arrangement of the old plan's preview is forgotten with them. */
export function setQuizAnswers(answers: QuizAnswers | null): void {
  write(STORAGE_KEYS.quizAnswers, answers === null ? null : JSON.stringify(answers));
  setPlanArrangement(null);
}

const isIdList = (value: unknown) => Array.isArray(value) && value.every((id) => typeof id === 'string');

/**
 * How she arranged the plan preview of her stored answers, for the week it names; sent with the answers at
 * sign-in, so her first week is planned that way. Checked for shape only: the server and the preview apply it
 * only when it is a rearrangement of the very plan the answers make (shared/src/plan/week-plan.ts).
 */
export function getPlanArrangement(): PlanArrangement | null {
  try {
    const value: unknown = JSON.parse(read(STORAGE_KEYS.planArrangement) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { weekStart, days } = value as Record<string, unknown>;
    const shaped =
      typeof weekStart === 'string' &&
      Array.isArray(days) &&
      days.length === 7 &&
      days.every(
        (day) =>
          typeof day === 'object' &&
          day !== null &&
          isIdList(day.Morning) &&
          isIdList(day.Midday) &&
          isIdList(day.Evening),
      );
    return shaped ? { weekStart, days } : null;
  } catch {
    return null;
  }
}

export function setPlanArrangement(arrangement: PlanArrangement | null): void {
  write(STORAGE_KEYS.planArrangement, arrangement === null ? null : JSON.stringify(arrangement));
}

/** The language she chose on this device (docs/rules.md#languages), or null. */
export function getSavedLocale(): Locale | null {
  const value = read(STORAGE_KEYS.locale);
  return isLocale(value) ? value : null;
}

export function setSavedLocale(locale: Locale): void {
  write(STORAGE_KEYS.locale, locale);
}

export function parseBillingPlan(value: string | null | undefined): Plan | null {
  return isPlan(value) ? value : null;
}

/** The plan a signed-out visitor chose on /pricing; checkout starts once they are back signed in. */
export function getPendingCheckoutPlan(): Plan | null {
  return parseBillingPlan(read(STORAGE_KEYS.pendingCheckoutPlan));
}

export function setPendingCheckoutPlan(plan: Plan | null): void {
  write(STORAGE_KEYS.pendingCheckoutPlan, plan);
}

/** Start Over (docs/rules.md#screens): forget the view, the day and the answers (and the preview's arrangement). */
export function clearPlanState(): void {
  setCurrentView(null);
  setSelectedDayIndex(null);
  setQuizAnswers(null);
}

/**
 * "Your account has been deleted" survives the sign-out's round trip through the hosted UI in this tab only
 * (sessionStorage). The landing page may show before that redirect and again after it, so reading it does not
 * forget it: the notice forgets it when dismissed, or once it has been on screen a while.
 */
const FAREWELL_KEY = 'accountDeleted';

export function rememberFarewell(): void {
  try {
    sessionStorage.setItem(FAREWELL_KEY, '1');
  } catch {
    // Without storage she still lands on the home page, only without the goodbye.
  }
}

export function hasFarewell(): boolean {
  try {
    return sessionStorage.getItem(FAREWELL_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetFarewell(): void {
  try {
    sessionStorage.removeItem(FAREWELL_KEY);
  } catch {
    // Nothing was kept, so nothing is left to forget.
  }
}
