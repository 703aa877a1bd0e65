import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Sets the tab title for a page, restoring Bloom's default when it unmounts: index.html's title (`html.title`,
 * lib/i18n/messages/) in her language, as the page arrived.
 */
export function useDocumentTitle(title: string): void {
  const defaultTitle = useIntl().formatMessage({ id: 'html.title' });
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = defaultTitle;
    };
  }, [title, defaultTitle]);
}
