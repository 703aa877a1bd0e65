import { clsx } from 'clsx';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ARTICLES } from './articles';
import styles from './blog-index-page.module.css';

export default function BlogIndexPage() {
  useDocumentTitle('Blog · Bloom');
  return (
    <div className="prose">
      <h1>The Bloom Blog</h1>
      <p className="prose__meta">
        Gentle, practical ideas for looking after yourself, a few minutes at a time.
      </p>
      <ul className={styles.articles}>
        {ARTICLES.map((article) => (
          <li key={article.slug} className={clsx('card', styles.article)}>
            <h2>
              <Link to={`/blog/${article.slug}`}>{article.title}</Link>
            </h2>
            <p className="prose__meta">
              {article.published} · {article.readingMinutes} min read
            </p>
            <p>{article.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
