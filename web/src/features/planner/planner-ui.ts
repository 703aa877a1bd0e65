import type { Profile } from '@bloom/shared/api/schemas';
import { createContext, type ReactNode, useContext } from 'react';
import type { LimitPrompt } from './limit-prompt';

/**
 * What the planner's screens and writes read of its UI state (which week, the dialogs, how it speaks): given by
 * PlannerProvider (planner-provider.tsx), read with usePlannerUi. Apart from the provider, so that the writes the
 * provider registers can read it without importing the provider back.
 */
export interface PlannerUi {
  /** The Monday of the week on screen. */
  weekStart: string;
  /** The week to load: `weekStart` once navigation has rested for WEEK_LOAD_DEBOUNCE_MS (planner-provider.tsx). */
  settledWeekStart: string;
  /** -1 or 1: the way she last moved through the weeks (0 before she moves), to read the next one ahead. */
  direction: -1 | 0 | 1;
  goToWeek(offset: -1 | 1): void;
  /** True once the sign-in profile save has settled: her first week is planned from what it saved. */
  profileReady: boolean;
  /** Settles when `profileReady` turns true, for a read that must wait for the save. */
  whenProfileReady: Promise<void>;
  limitPrompt: LimitPrompt | null;
  showLimitPrompt(prompt: LimitPrompt): void;
  closeLimitPrompt(): void;
  /** The week whose plan her new quiz answers would replace, while she is asked; null otherwise. */
  replanOffer: string | null;
  closeReplanOffer(): void;
  /** Says what went wrong, in one toast. */
  notify(message: string): void;
  /** Says something calm, in one toast (a change saved on this device, to be sent later). */
  inform(message: string): void;
  /** Marks a day just completed (confetti). */
  celebrate(): void;
  now(): Date;
  /** What the app adds to her account (her plan): in the top bar (`compact`) and in the account sheet. */
  accountExtras?(profile: Profile | null, placement: 'compact' | 'full'): ReactNode;
}

export const PlannerUiContext = createContext<PlannerUi | null>(null);

export function usePlannerUi(): PlannerUi {
  const ui = useContext(PlannerUiContext);
  if (!ui) throw new Error('usePlannerUi needs a <PlannerProvider> above it');
  return ui;
}
