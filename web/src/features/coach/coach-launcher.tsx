import type { ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import styles from './coach-launcher.module.css';

interface CoachLauncherProps {
  open: boolean;
  onToggle(): void;
  /** The id of the panel it opens, while open. */
  controls?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
  /** She is reaching for it (a page that loads the panel on demand starts loading here). */
  onPointerEnter?: () => void;
  onFocus?: () => void;
  /** The panel, shown above the button. */
  children?: ReactNode;
}

/**
 * The floating Bloom button in the corner of the home views. Tiny and free of the coach's code, so a page can
 * show it from its first paint and load the panel only when she opens it.
 */
export function CoachLauncher({
  open,
  onToggle,
  controls,
  ref,
  onPointerEnter,
  onFocus,
  children,
}: CoachLauncherProps) {
  const intl = useIntl();
  return (
    <div className={styles.coach}>
      {children}
      <button
        ref={ref}
        type="button"
        className={styles.launcher}
        aria-expanded={open}
        aria-controls={controls}
        aria-label={intl.formatMessage({ id: open ? 'coach.launcher.close' : 'coach.launcher.open' })}
        onClick={onToggle}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
      >
        <span aria-hidden="true">{open ? '×' : '💬'}</span>
      </button>
    </div>
  );
}
