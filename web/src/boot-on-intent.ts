/**
 * The prerendered landing page as an island: it is complete HTML (links, the FAQ's <details> and the skip link
 * work without JavaScript), so React and the app load only when the visitor shows she is about to use the
 * page — she moves the pointer, touches, scrolls or presses a key. A visitor who only looks downloads none of
 * it, which keeps the landing's first load within its budget (web/README.md, "How the first load stays small").
 *
 * A press on a button before React owns the page (Begin Your Journey, Sign In, the menu, the coach button) is
 * held, not lost: it is pressed again on the same element once the app has hydrated (`data-app-ready`).
 * Links are left to the browser: they work as they are.
 */

/** Signs that she is about to use the page: each starts loading the app, once. */
const INTENT_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'wheel',
  'scroll',
  'keydown',
  'focusin',
] as const;

export function bootOnIntent(root: HTMLElement, load: () => Promise<unknown>): void {
  let loading = false;
  let held: HTMLElement | null = null;
  const listenerOptions = { capture: true, passive: true } as const;

  const start = () => {
    if (loading) return;
    loading = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, listenerOptions);
    void load();
  };

  const appReady = () => document.documentElement.dataset.appReady === 'true';

  const holdPress = (event: MouseEvent) => {
    if (appReady()) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = button;
    start();
  };

  const replayHeldPress = new MutationObserver(() => {
    if (!appReady()) return;
    replayHeldPress.disconnect();
    document.removeEventListener('click', holdPress, true);
    const button = held;
    held = null;
    // Hydration keeps the prerendered elements, so the held button is the one React now listens on.
    if (button?.isConnected) button.click();
  });

  for (const type of INTENT_EVENTS) window.addEventListener(type, start, listenerOptions);
  document.addEventListener('click', holdPress, true);
  replayHeldPress.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-app-ready'],
  });
}
