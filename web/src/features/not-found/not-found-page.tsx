import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './not-found-page.module.css';

/** Any address Bloom does not know. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found · Bloom');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Oops! Page not found</h1>
      <p>The page you were looking for has wandered off. Let's get you back somewhere calm.</p>
      <ButtonLink to="/" size="large">
        Return to Home
      </ButtonLink>
    </section>
  );
}
