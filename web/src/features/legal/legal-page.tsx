import type { ReactNode } from 'react';
import { EnglishOnlyNote } from '../../components/english-only-note';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The date both legal texts were last changed (docs/rules.md#screens). */
export const LEGAL_LAST_UPDATED = 'January 16, 2025';

export function LegalPage({
  title,
  lastUpdated = LEGAL_LAST_UPDATED,
  children,
}: {
  title: string;
  lastUpdated?: string;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Bloom`);
  return (
    // Written in English only (docs/rules.md#languages): marked as English, with a line in her language saying so.
    <article className="prose" lang="en">
      <EnglishOnlyNote kind="page" />
      <h1>{title}</h1>
      <p className="prose__meta">Last updated {lastUpdated}</p>
      {children}
    </article>
  );
}
