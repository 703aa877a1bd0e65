/**
 * A drag she begins on a handle before drag and drop has loaded (./week-dnd.tsx loads once her week is on
 * screen): the press (Space or Enter, or the pointer going down) is held, as boot-on-intent.ts holds a press on
 * the landing page, and given again to the same activity's handle once it can be dragged.
 */
let held: { activityId: string; event: Event } | null = null;

/** Keeps the press that begins a drag of this activity; true when it was one (the caller loads drag and drop). */
export function holdDrag(activityId: string, event: KeyboardEvent | PointerEvent): boolean {
  let copy: Event | null = null;
  if (event instanceof KeyboardEvent && (event.code === 'Space' || event.code === 'Enter')) {
    copy = new KeyboardEvent('keydown', {
      key: event.key,
      code: event.code,
      bubbles: true,
      cancelable: true,
    });
  } else if (
    typeof PointerEvent === 'function' &&
    event instanceof PointerEvent &&
    event.isPrimary &&
    event.button === 0
  ) {
    copy = new PointerEvent('pointerdown', {
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      isPrimary: true,
      button: 0,
      buttons: event.buttons,
      clientX: event.clientX,
      clientY: event.clientY,
      bubbles: true,
      cancelable: true,
    });
  }
  if (!copy) return false;
  held = { activityId, event: copy };
  return true;
}

/** The press held for this activity, once. */
export function takeHeldDrag(activityId: string): Event | null {
  if (held?.activityId !== activityId) return null;
  const { event } = held;
  held = null;
  return event;
}
