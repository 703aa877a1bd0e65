const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !element.closest('[inert]') &&
      element.getAttribute('aria-hidden') !== 'true' &&
      // Of a radio group only the checked radio (or the first, when none is) is in the tab order.
      !(element instanceof HTMLInputElement && element.type === 'radio' && !isTabbableRadio(element, root)),
  );
}

function isTabbableRadio(radio: HTMLInputElement, root: HTMLElement): boolean {
  if (!radio.name) return true;
  const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter(
    (candidate) => candidate.name === radio.name && !candidate.disabled,
  );
  const checked = group.find((candidate) => candidate.checked);
  return checked ? checked === radio : group[0] === radio;
}
