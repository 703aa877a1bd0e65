import type { Activity } from '@bloom/shared/planner/types';

/** One selectable library entry (a checkbox, so several can be chosen at once). */
export function ActivityTile({
  activity,
  selected,
  plannedIn,
  onToggle,
}: {
  activity: Activity;
  selected: boolean;
  /** The slot this activity is already planned in; a slot holds an activity once, so it cannot be chosen. */
  plannedIn?: string | undefined;
  onToggle(id: string): void;
}) {
  return (
    <label
      className={`library-tile${selected && !plannedIn ? ' library-tile--selected' : ''}${
        plannedIn ? ' library-tile--planned' : ''
      }`}
    >
      <input
        type="checkbox"
        className="library-tile__check"
        checked={selected && !plannedIn}
        disabled={Boolean(plannedIn)}
        onChange={() => onToggle(activity.id)}
      />
      <span className="library-tile__icon" aria-hidden="true">
        {activity.icon}
      </span>
      <span className="library-tile__name">{activity.name}</span>
      <span className="library-tile__minutes">{activity.duration} min</span>
      {activity.isCustom ? <span className="library-tile__custom">Custom</span> : null}
      {plannedIn ? <span className="library-tile__planned">Already in {plannedIn}</span> : null}
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
