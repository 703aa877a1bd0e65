import { clsx } from 'clsx';
import { useState } from 'react';
import styles from './avatar.module.css';

/** Up to two initials from a name (or an email when there is no name). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]?.slice(0, 2)];
  return letters
    .map((word) => word?.[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

/** The user's picture, or their initials when there is none or it fails to load. Decorative by default. */
export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && !failed) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={clsx(styles.avatar, styles.initials)} style={style} aria-hidden="true">
      {initialsOf(name) || '🌸'}
    </span>
  );
}
