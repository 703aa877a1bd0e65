import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LanguageMenu } from '../components/language-menu';
import styles from './footer.module.css';
import { LogoMark } from './logo';
import logo from './logo.module.css';
import { useSectionLink } from './use-section-link';

/** Footer with the Company and Legal link groups and the 2025 copyright (docs/rules.md#screens). */
export function Footer() {
  const goToSection = useSectionLink();
  const intl = useIntl();
  const section = (id: 'how-it-works' | 'faq' | 'contact', label: string) => (
    <a
      href={`/#${id}`}
      onClick={(event) => {
        event.preventDefault();
        goToSection(id);
      }}
    >
      <FormattedMessage id={label} />
    </a>
  );
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={logo.brand}>
            <LogoMark size={28} />
            <span className={logo.name}>Bloom</span>
          </p>
          <p>
            <FormattedMessage id="app.footer.tagline" />
          </p>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'app.footer.company' })}>
          <h2 className={styles.heading}>
            <FormattedMessage id="app.footer.company" />
          </h2>
          <ul>
            <li>{section('how-it-works', 'app.nav.howItWorks')}</li>
            <li>
              <Link to="/pricing">
                <FormattedMessage id="app.nav.pricing" />
              </Link>
            </li>
            <li>
              <Link to="/blog">
                <FormattedMessage id="app.nav.blog" />
              </Link>
            </li>
            <li>{section('faq', 'app.nav.faq')}</li>
            <li>{section('contact', 'app.nav.contact')}</li>
          </ul>
        </nav>
        <nav aria-label={intl.formatMessage({ id: 'app.footer.legal' })}>
          <h2 className={styles.heading}>
            <FormattedMessage id="app.footer.legal" />
          </h2>
          <ul>
            <li>
              <Link to="/privacy-policy">
                <FormattedMessage id="app.footer.privacy" />
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service">
                <FormattedMessage id="app.footer.terms" />
              </Link>
            </li>
            <li>
              <Link to="/safety">
                <FormattedMessage id="app.footer.safety" />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <LanguageMenu />
      <p className={styles.copyright}>
        <FormattedMessage id="app.footer.copyright" />
      </p>
    </footer>
  );
}
