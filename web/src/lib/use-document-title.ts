import { useEffect } from 'react';

const DEFAULT_TITLE = 'Bloom · Personal self-care plans in 2 minutes a day';

/** Sets the tab title for a page, restoring Bloom's default when it unmounts. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
