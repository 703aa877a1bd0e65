/**
 * Placeholders with the same size as the day cards and the Week at a Glance panel, so nothing moves when the
 * week arrives.
 */
export function WeekSkeleton({ mobile, label }: { mobile: boolean; label: string }) {
  const cards = mobile ? 1 : 7;
  return (
    <div className="week-skeleton" role="status" aria-live="polite">
      <p className="week-skeleton__label">{label}</p>
      {mobile ? (
        <div className="planner-mobile__picker" aria-hidden="true">
          <span className="planner-mobile__arrow-space" />
          <div className="skeleton day-picker-skeleton" />
          <span className="planner-mobile__arrow-space" />
        </div>
      ) : null}
      <div className={mobile ? 'planner-day-single' : 'planner-grid__track'} aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
          <div key={index} className="day-card day-card--skeleton">
            <span className="skeleton skeleton--short" />
            <span className="skeleton skeleton--title" />
            {[0, 1, 2].map((slot) => (
              <span key={slot} className="skeleton skeleton--block" />
            ))}
            <span className="skeleton skeleton--button" />
          </div>
        ))}
      </div>
    </div>
  );
}
