import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The blog and the legal pages are written in English only (docs/rules.md#languages): when she reads Bloom in
 * another language, a line in hers says so above the English text. In English, nothing.
 */
export function EnglishOnlyNote({ kind }: { kind: 'article' | 'articles' | 'page' }) {
  const intl = useIntl();
  if (intl.locale.startsWith('en')) return null;
  return (
    <p className="prose__meta" role="note" lang={intl.locale}>
      <FormattedMessage id={`components.englishOnly.${kind}`} />
    </p>
  );
}
