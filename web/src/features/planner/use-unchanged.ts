import { replaceEqualDeep } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';

/**
 * The value, with every part deep-equal to the last render's kept as that very object (TanStack Query's
 * `replaceEqualDeep`, as its cache keeps data): what did not change stays the same object, so the components and
 * contexts given it are not drawn again.
 */
export function useUnchanged<T>(value: T): T {
  const last = useRef(value);
  const kept = useMemo(() => replaceEqualDeep(last.current, value), [value]);
  useEffect(() => {
    last.current = kept;
  }, [kept]);
  return kept;
}
