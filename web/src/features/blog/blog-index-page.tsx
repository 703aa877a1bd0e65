import { formatDate } from '@bloom/shared/i18n/format';
import { clsx } from 'clsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EnglishOnlyNote } from '../../components/english-only-note';
import { localeOf } from '../../components/locale-of';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ARTICLES } from './articles';
import styles from './blog-index-page.module.css';

/** The blog's front page, in her language; its articles are English (and marked so). */
export default function BlogIndexPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'blog.documentTitle' }));
  return (
    <div className="prose">
      <h1>
        <FormattedMessage id="blog.title" />
      </h1>
      <p className="prose__meta">
        <FormattedMessage id="blog.lead" />
      </p>
      <EnglishOnlyNote kind="articles" />
      <ul className={styles.articles}>
        {ARTICLES.map((article) => (
          <li key={article.slug} className={clsx('card', styles.article)}>
            <h2 lang="en">
              <Link to={`/blog/${article.slug}`}>{article.title}</Link>
            </h2>
            <p className="prose__meta">
              <FormattedMessage
                id="blog.meta"
                values={{
                  published: formatDate(article.published, localeOf(intl), 'long'),
                  minutes: article.readingMinutes,
                }}
              />
            </p>
            <p lang="en">{article.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
