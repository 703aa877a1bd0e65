import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../components/avatar';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Menu } from '../components/menu';
import { ProfileDialog } from '../features/auth/profile-dialog';
import { useAuth } from '../lib/auth';
import styles from './header.module.css';
import { useHomeView } from './home-view';
import { LogoMark } from './logo';
import logo from './logo.module.css';
import { preloadQuiz, useAppModals } from './modals';
import { scrollBehavior } from './scroll';
import { type LandingSection, useSectionLink } from './use-section-link';

// Her plan needs the API and the query cache: loaded when she opens her profile, never with the landing page.
const ProfilePlan = lazy(() => import('./profile-plan'));
// "Add to calendar" needs the API: its own chunk, loaded when she opens it.
const CalendarDialog = lazy(() => import('../features/calendar/calendar-dialog'));

const SECTION_LINKS: ReadonlyArray<{ section: LandingSection; label: string }> = [
  { section: 'how-it-works', label: 'app.nav.howItWorks' },
  { section: 'faq', label: 'app.nav.faq' },
];

/**
 * The public header: logo, How it Works, FAQ, Blog, and Sign In / Begin Your Journey (or the avatar menu when
 * signed in). Below 768 px the links move into a side menu.
 */
export function Header() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const intl = useIntl();

  const onLogoClick = (event: React.MouseEvent) => {
    if (pathname !== '/') return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to="/"
          className={logo.brand}
          onClick={onLogoClick}
          aria-label={intl.formatMessage({ id: 'app.header.home' })}
        >
          <LogoMark />
          <span className={logo.name} aria-hidden="true">
            Bloom
          </span>
        </Link>
        <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'app.header.mainNav' })}>
          {SECTION_LINKS.map(({ section, label }) => (
            <SectionLink key={section} section={section} label={label} />
          ))}
          <Link className={styles.navLink} to="/blog">
            <FormattedMessage id="app.nav.blog" />
          </Link>
        </nav>
        <div className={styles.actions}>
          <div className={styles.desktopActions}>
            <SignInActions />
          </div>
          <AccountMenu onCalendar={() => setCalendarOpen(true)} onProfile={() => setProfileOpen(true)} />
          <button
            type="button"
            className={styles.menuToggle}
            aria-label={intl.formatMessage({ id: 'app.header.openMenu' })}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <span aria-hidden="true" className={styles.bars} />
          </button>
        </div>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      {user ? (
        <ProfileDialog
          open={profileOpen}
          onClose={() => setProfileOpen(false)}
          user={user}
          plan={
            <Suspense fallback={null}>
              <ProfilePlan onLeave={() => setProfileOpen(false)} />
            </Suspense>
          }
        />
      ) : null}
      {user && calendarOpen ? (
        <Suspense fallback={null}>
          <CalendarDialog open={calendarOpen} onClose={() => setCalendarOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}

/** A link to a section of the landing page (`label` its message id), scrolled to there (and closing the side menu, `onDone`). */
function SectionLink({
  section,
  label,
  onDone,
}: {
  section: LandingSection;
  label: string;
  onDone?: () => void;
}) {
  const goToSection = useSectionLink();
  return (
    <a
      className={styles.navLink}
      href={`/#${section}`}
      onClick={(event) => {
        event.preventDefault();
        onDone?.();
        goToSection(section);
      }}
    >
      <FormattedMessage id={label} />
    </a>
  );
}

/** Sign In and Begin Your Journey, while she is not signed in. */
function SignInActions({ onDone }: { onDone?: () => void }) {
  const { status } = useAuth();
  const { openQuiz, openSignIn } = useAppModals();
  if (status === 'signedIn') return null;
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          onDone?.();
          openSignIn();
        }}
        disabled={status === 'loading'}
      >
        <FormattedMessage id="app.signIn" />
      </Button>
      <Button
        onMouseEnter={preloadQuiz}
        onFocus={preloadQuiz}
        onClick={() => {
          onDone?.();
          openQuiz();
        }}
      >
        <FormattedMessage id="app.begin" />
      </Button>
    </>
  );
}

/** Her avatar's menu, once signed in: her planner, her progress, the calendar, her profile, log out. */
function AccountMenu({ onCalendar, onProfile }: { onCalendar(): void; onProfile(): void }) {
  const { status, user, signOut } = useAuth();
  const { setView } = useHomeView();
  const navigate = useNavigate();
  const intl = useIntl();
  if (status !== 'signedIn' || !user) return null;
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Menu
      label={intl.formatMessage({ id: 'app.account.menu' }, { name: user.name || user.email })}
      trigger={<Avatar name={user.name || user.email} src={user.avatarUrl} />}
      items={[
        {
          label: label('app.account.planner'),
          onSelect: () => {
            setView('weekly');
            navigate('/');
          },
        },
        {
          label: label('app.account.progress'),
          onSelect: () => {
            setView('progress');
            navigate('/');
          },
        },
        { label: label('app.account.calendar'), onSelect: onCalendar },
        { label: label('app.account.profile'), onSelect: onProfile },
        { label: label('app.account.logOut'), onSelect: () => void signOut().then(() => navigate('/')) },
      ]}
    />
  );
}

/** Below 768 px: the header's links and actions in a side sheet. */
function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="app.header.menu" />}
      variant="sheet"
      size="small"
    >
      <nav className={styles.sideMenu} aria-label={intl.formatMessage({ id: 'app.header.mobileNav' })}>
        {SECTION_LINKS.map(({ section, label }) => (
          <SectionLink key={section} section={section} label={label} onDone={onClose} />
        ))}
        <Link className={styles.navLink} to="/blog" onClick={onClose}>
          <FormattedMessage id="app.nav.blog" />
        </Link>
        <Link className={styles.navLink} to="/pricing" onClick={onClose}>
          <FormattedMessage id="app.nav.pricing" />
        </Link>
        <div className={styles.sideMenuActions}>
          <SignInActions onDone={onClose} />
        </div>
      </nav>
    </Dialog>
  );
}
