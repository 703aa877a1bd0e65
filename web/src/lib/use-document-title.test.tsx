import { render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { I18nProvider, loadWebMessages, setLocale } from './i18n';
import { useDocumentTitle } from './use-document-title';

afterEach(() => setLocale('en', 'menu'));

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

it("sets a page's title and, as the page goes, gives back Bloom's own in her language", async () => {
  setLocale('de', 'menu');
  const view = render(
    <I18nProvider initial={{ locale: 'de', messages: await loadWebMessages('de') }}>
      <Titled title="Preise · Bloom" />
    </I18nProvider>,
  );
  expect(document.title).toBe('Preise · Bloom');
  view.unmount();
  expect(document.title).toBe('Bloom · Persönliche Selfcare-Pläne in 2 Minuten am Tag');
});
