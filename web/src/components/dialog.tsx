import { clsx } from 'clsx';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import styles from './dialog.module.css';
import { focusableIn } from './focusable';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Shown under the title and used as the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** `sheet` slides in from the side (the mobile menu). */
  variant?: 'center' | 'sheet';
  size?: 'small' | 'medium' | 'large';
  /** Receives focus on open; otherwise the first focusable element does. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Hides the close button and ignores Escape and backdrop clicks (e.g. while work is in flight). */
  dismissible?: boolean;
  /** Visually hides the title (it still labels the dialog). */
  hideTitle?: boolean;
  className?: string;
}

/** The open dialogs, newest last: Escape closes only the one on top. */
const openDialogs: object[] = [];

/** On <html> while any dialog is open: the page behind keeps its place (dialog.module.css). */
export const SCROLL_LOCK_CLASS = styles.scrollLock as string;

const SIZE_CLASS = { small: styles.small, medium: styles.medium, large: styles.large };

/**
 * An invisible stop just outside the dialog panel. Whatever the browser's tab order inside (radio groups,
 * disabled buttons), leaving the panel lands here first, and the guard sends focus back in.
 */
function FocusGuard({ onFocus }: { onFocus(): void }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a focus guard must be tabbable to catch focus leaving the dialog
  // biome-ignore lint/a11y/noStaticElementInteractions: it only forwards focus, it is never operated
  return <span tabIndex={0} className={styles.focusGuard} onFocus={onFocus} />;
}

/**
 * A modal dialog: labelled by its title, focus moves in on open, Tab stays inside (focus guards), Escape closes, and focus
 * returns to whatever opened it. The rest of the app is made `inert` meanwhile, so neither the keyboard nor a
 * screen reader can wander behind it, and the page behind does not scroll.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  variant = 'center',
  size = 'medium',
  initialFocus,
  dismissible = true,
  hideTitle = false,
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const intl = useIntl();
  const panel = useRef<HTMLDivElement>(null);
  useModal(open, panel, { onClose, dismissible, initialFocus });

  /** Wraps focus around: Tab past the end lands on the first control, Shift+Tab past the start on the last. */
  const focusEdge = (edge: 'first' | 'last') => {
    if (!panel.current) return;
    const items = focusableIn(panel.current);
    const target = edge === 'first' ? items[0] : items[items.length - 1];
    (target ?? panel.current).focus();
  };

  if (!open) return null;
  return createPortal(
    <div className={clsx(styles.backdrop, variant === 'sheet' && styles.backdropSheet)}>
      <button
        type="button"
        className={styles.dismiss}
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => dismissible && onClose()}
      />
      <FocusGuard onFocus={() => focusEdge('last')} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(styles.dialog, variant === 'sheet' && styles.sheet, SIZE_CLASS[size], className)}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className={styles.close}
              aria-label={intl.formatMessage({ id: 'components.dialog.close' })}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
      <FocusGuard onFocus={() => focusEdge('first')} />
    </div>,
    document.body,
  );
}

/**
 * While the dialog is open: it is on top of the others, the app behind is `inert` and does not scroll, focus
 * moves in (to `initialFocus`, else the first control), Escape closes the dialog on top, and on close focus
 * returns to whatever opened it.
 */
function useModal(
  open: boolean,
  panel: RefObject<HTMLDivElement | null>,
  { onClose, dismissible, initialFocus }: Pick<DialogProps, 'onClose' | 'dismissible' | 'initialFocus'>,
) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    const self = {};
    openDialogs.push(self);
    app?.setAttribute('inert', '');
    document.documentElement.classList.add(SCROLL_LOCK_CLASS);
    const target = initialFocus?.current ?? (panel.current ? focusableIn(panel.current)[0] : undefined);
    (target ?? panel.current)?.focus();

    // Tab is kept inside by the focus guards around the panel (see below); Escape closes.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissibleRef.current && openDialogs.at(-1) === self) {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (openDialogs.length === 0) {
        app?.removeAttribute('inert');
        document.documentElement.classList.remove(SCROLL_LOCK_CLASS);
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open, panel, initialFocus]);
}
