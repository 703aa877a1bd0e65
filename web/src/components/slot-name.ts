import type { Slot } from '@bloom/shared/planner/types';

/**
 * The message id of a time slot's name in her language: "Morning", "Morgen", "Matin", "Mañana". The slot itself
 * (`Morning`) stays the id the planner stores.
 */
export const slotMessageId = (slot: Slot) => `components.slot.${slot}`;
