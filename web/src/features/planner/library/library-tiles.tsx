import type { Activity } from '@bloom/shared/planner/types';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ActivityTile } from './activity-tile';
import styles from './library-tiles.module.css';
import type { LibrarySelection } from './selection';

interface LibraryListProps {
  /** The activities to show; null while the library loads. */
  activities: Activity[] | null;
  /** What to say when none are shown. */
  emptyText: string;
  /** Lays the tiles out (grouped on desktop, one list on a phone). */
  children(activities: Activity[]): ReactNode;
}

/** The library's content, or why there is none yet: loading, or nothing to show. */
export function LibraryList({ activities, emptyText, children }: LibraryListProps) {
  if (activities === null) {
    return (
      <p className={styles.empty} role="status">
        <FormattedMessage id="planner.library.loading" />
      </p>
    );
  }
  if (activities.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return <>{children(activities)}</>;
}

/** One selectable tile per activity, marked when the chosen slot already holds it. */
export function ActivityTiles({
  activities,
  selection,
}: {
  activities: Activity[];
  selection: LibrarySelection;
}) {
  return activities.map((activity) => (
    <ActivityTile
      key={activity.id}
      activity={activity}
      selected={selection.selected.has(activity.id)}
      plannedIn={selection.planned.has(activity.id) ? selection.slot : undefined}
      onToggle={selection.toggle}
    />
  ));
}
