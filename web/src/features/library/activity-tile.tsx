import type { Activity } from '@bloom/shared/planner/types';

/** One selectable library entry (a checkbox, so several can be chosen at once). */
export function ActivityTile({
  activity,
  selected,
  onToggle,
}: {
  activity: Activity;
  selected: boolean;
  onToggle(id: string): void;
}) {
  return (
    <label className={`library-tile${selected ? ' library-tile--selected' : ''}`}>
      <input
        type="checkbox"
        className="library-tile__check"
        checked={selected}
        onChange={() => onToggle(activity.id)}
      />
      <span className="library-tile__icon" aria-hidden="true">
        {activity.icon}
      </span>
      <span className="library-tile__name">{activity.name}</span>
      <span className="library-tile__minutes">{activity.duration} min</span>
      {activity.isCustom ? <span className="library-tile__custom">Custom</span> : null}
    </label>
  );
}

export function CreateCustomTile({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="library-tile library-tile--create" onClick={onClick}>
      <span className="library-tile__icon" aria-hidden="true">
        ＋
      </span>
      <span className="library-tile__name">Create Custom Activity</span>
    </button>
  );
}
