import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'small' | 'medium' | 'large';

const VARIANT_CLASS: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: styles.secondary,
  ghost: styles.ghost,
  link: styles.link,
};
const SIZE_CLASS: Record<ButtonSize, string | undefined> = {
  small: styles.small,
  medium: styles.medium,
  large: styles.large,
};

/** The button's classes, then the caller's (whose module comes later, so it wins where both set something). */
function classes(variant: ButtonVariant, size: ButtonSize, fullWidth: boolean, extra?: string): string {
  return clsx(styles.button, VARIANT_CLASS[variant], SIZE_CLASS[size], fullWidth && styles.full, extra);
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** While set, the button is disabled and shows this text instead of its children (e.g. "Opening..."). */
  busyText?: ReactNode;
  busy?: boolean;
}

/** Bloom's one button: rounded, calm, with a visible focus ring. `busy` disables it and swaps the label. */
export function Button({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  busy = false,
  busyText,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, size, fullWidth, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
  ...rest
}: LinkProps & StyleProps) {
  return <Link className={classes(variant, size, fullWidth, className)} {...rest} />;
}
