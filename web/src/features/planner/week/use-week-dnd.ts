import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type WeekDnd = typeof import('./week-dnd');

let loading: Promise<WeekDnd> | null = null;
/** Once loaded: a week drawn after that has drag and drop from its first render. */
let loaded: WeekDnd | null = null;

/** Loads the weekly view's drag and drop (once). */
export function loadWeekDnd(): Promise<WeekDnd> {
  loading ??= import('./week-dnd').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Where focus was among a day card's controls, so it can be put back on the same control when the cards are
 * drawn again with drag and drop: the card (by its heading, which names it) and the control's place among the
 * card's controls. Returns what puts it back, or null when focus is not in a day card.
 */
export function focusSpot(): (() => void) | null {
  const active = document.activeElement;
  const card = active?.closest('article[aria-labelledby]');
  if (!(active instanceof HTMLElement) || !card) return null;
  const controls = (root: Element) => [...root.querySelectorAll<HTMLElement>('button, input, a[href]')];
  const index = controls(card).indexOf(active);
  const heading = card.getAttribute('aria-labelledby');
  return () => {
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const again = [...document.querySelectorAll('article[aria-labelledby]')].find(
      (element) => element.getAttribute('aria-labelledby') === heading,
    );
    if (again) controls(again)[index]?.focus({ preventScroll: true });
  };
}

export interface WeekDndState {
  /** dnd-kit's parts for the week, once loaded. */
  dnd: WeekDnd | null;
  /** Loads them now: she reached for a handle before they had loaded. */
  load(): void;
}

/**
 * The weekly view's drag and drop: loading starts when `wanted` turns true (her week is on screen) or when she
 * reaches for a handle (`load`). The day cards are then drawn again with it, and focus is put back where it was.
 */
export function useWeekDnd(wanted: boolean): WeekDndState {
  const [dnd, setDnd] = useState<WeekDnd | null>(() => loaded);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if ((!wanted && !asked) || dnd) return;
    let active = true;
    loadWeekDnd().then(
      (module) => {
        if (!active) return;
        const restore = focusSpot();
        setDnd(() => module);
        if (restore) requestAnimationFrame(restore);
      },
      (error: unknown) => console.error('Could not load drag and drop', error),
    );
    return () => {
      active = false;
    };
  }, [wanted, asked, dnd]);
  const load = useCallback(() => setAsked(true), []);
  return useMemo(() => ({ dnd, load }), [dnd, load]);
}

export const WeekDndContext = createContext<WeekDndState>({ dnd: null, load: () => {} });

export function useWeekDndState(): WeekDndState {
  return useContext(WeekDndContext);
}
