/** Smooth scrolling unless the person asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Scrolls to the element with this id, retrying every 100 ms (docs/rules.md#screens) while the page that
 * holds it is still rendering. Moves keyboard focus there too, so the next Tab continues from the section.
 */
export function scrollToSection(id: string, attempts = 20): void {
  const element = document.getElementById(id);
  if (element) {
    element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
    return;
  }
  if (attempts > 0) setTimeout(() => scrollToSection(id, attempts - 1), 100);
}
