import { Skeleton } from '../skeleton';
import { DayCardSkeleton, OneDay } from './day-card';
import layout from './week-layout.module.css';
/**
 * Placeholders with the same size as the day cards and the Week at a Glance panel, so nothing moves when the
 * week arrives.
 */
export function WeekSkeleton({ mobile, label }: { mobile: boolean; label: string }) {
  return (
    <div className={layout.skeleton} role="status" aria-live="polite">
      <p className={layout.skeletonLabel}>{label}</p>
      {mobile ? (
        <div className={layout.picker} aria-hidden="true">
          <span className={layout.arrowSpace} />
          <Skeleton shape="picker" />
          <span className={layout.arrowSpace} />
        </div>
      ) : null}
      {mobile ? (
        <OneDay aria-hidden="true">
          <DayCardSkeleton />
        </OneDay>
      ) : (
        <div className={layout.track} aria-hidden="true">
          {Array.from({ length: 7 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
            <DayCardSkeleton key={index} />
          ))}
        </div>
      )}
    </div>
  );
}
