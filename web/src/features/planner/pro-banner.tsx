import { ButtonLink } from '../../components/button';
import styles from './pro-banner.module.css';

/** Shown to free users only: what Pro adds, and the way to it. */
export function ProBanner({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <aside className={styles.banner} aria-label="Bloom Pro">
      <span className={styles.icon} aria-hidden="true">
        🌸
      </span>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        <p className={styles.body}>{text}</p>
      </div>
      <ButtonLink to="/pricing" size="small">
        {action}
      </ButtonLink>
    </aside>
  );
}

export const PRO_FEATURES = 'Unlimited planning + Custom activities + AI coach';
