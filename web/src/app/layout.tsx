import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';

/** Header, main content and footer of every public page, with a skip link for keyboard users. */
export function PublicChrome({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        <FormattedMessage id="app.skipLink" />
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** Route layout for the pages other than home. */
export function Layout() {
  return (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  );
}
