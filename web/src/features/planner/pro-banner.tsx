import { ButtonLink } from '../../components/button';

/** Shown to free users only: what Pro adds, and the way to it. */
export function ProBanner({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <aside className="pro-banner" aria-label="Bloom Pro">
      <span className="pro-banner__icon" aria-hidden="true">
        🌸
      </span>
      <div className="pro-banner__text">
        <p className="pro-banner__title">{title}</p>
        <p className="pro-banner__body">{text}</p>
      </div>
      <ButtonLink to="/pricing" size="small">
        {action}
      </ButtonLink>
    </aside>
  );
}

export const PRO_FEATURES = 'Unlimited planning + Custom activities + AI coach';
