import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './not-found-page.module.css';

/** Any address Bloom does not know. */
export default function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'not-found.documentTitle' }));
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <FormattedMessage id="not-found.title" />
      </h1>
      <p>
        <FormattedMessage id="not-found.text" />
      </p>
      <ButtonLink to="/" size="large">
        <FormattedMessage id="not-found.home" />
      </ButtonLink>
    </section>
  );
}
