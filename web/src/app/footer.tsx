import { Link } from 'react-router';
import { LogoMark } from './logo';
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
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand">
            <LogoMark size={28} />
            <span className="brand__name">Bloom</span>
          </p>
          <p>Gentle, personal self-care plans for women, a few minutes at a time.</p>
        </div>
        <nav aria-label="Company" className="site-footer__group">
          <h2 className="site-footer__heading">Company</h2>
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
        <nav aria-label="Legal" className="site-footer__group">
          <h2 className="site-footer__heading">Legal</h2>
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
      <p className="site-footer__copyright">© 2025 Bloom. All rights reserved.</p>
    </footer>
  );
}
