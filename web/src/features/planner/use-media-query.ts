import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../components/theme';

export function useMediaQuery(query: string): boolean {
  // One list per query: React reads the snapshot on every render, and making a list each time costs a style query.
  const list = useMemo(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null),
    [query],
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}

/** Below 768 px the planner shows one day at a time (docs/rules.md#screens). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
}
