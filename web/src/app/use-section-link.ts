import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHomeView } from './home-view';
import { scrollToSection } from './scroll';

/** The landing page's anchors (docs/rules.md#screens): how-it-works, faq, contact. */
export type LandingSection = 'how-it-works' | 'faq' | 'contact';

/**
 * Goes to a landing-page section: on `/` it smooth-scrolls there; from any other page it goes to `/` first
 * (the home page scrolls once the section is rendered).
 */
export function useSectionLink(): (section: LandingSection) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { view, setView } = useHomeView();
  return useCallback(
    (section: LandingSection) => {
      if (view !== 'landing') setView('landing');
      if (pathname === '/' && view === 'landing') scrollToSection(section);
      else navigate('/', { state: { section } });
    },
    [navigate, pathname, view, setView],
  );
}
