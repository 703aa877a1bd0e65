import { Link } from 'react-router';
import { LanguageMenu } from '../components/language-menu';
import styles from './footer.module.css';
import { LogoMark } from './logo';
import logo from './logo.module.css';
import { useSectionLink } from './use-section-link';

/** Footer with the Company and Legal link groups and the 2025 copyright (docs/rules.md#screens). */
export function Footer() {
  const goToSection = useSectionLink();
  const section = (id: 'how-it-works' | 'faq' | 'contact', label: string) => (
    <a
      href={`/#${id}`}
      onClick={(event) => {
        event.preventDefault();
        goToSection(id);
      }}
    >
      {label}
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
          <p>Gentle, personal self-care plans for women, a few minutes at a time.</p>
        </div>
        <nav aria-label="Company">
          <h2 className={styles.heading}>Company</h2>
          <ul>
            <li>{section('how-it-works', 'How it Works')}</li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>{section('faq', 'FAQ')}</li>
            <li>{section('contact', 'Contact')}</li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className={styles.heading}>Legal</h2>
          <ul>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/safety">Safety</Link>
            </li>
          </ul>
        </nav>
      </div>
      <LanguageMenu />
      <p className={styles.copyright}>© 2025 Bloom. All rights reserved.</p>
    </footer>
  );
}
