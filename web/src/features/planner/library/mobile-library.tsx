import { type Activity, SLOTS } from '@bloom/shared/planner/types';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { ChipGroup } from '../../../components/chip-group';
import { Dialog } from '../../../components/dialog';
import inputStyles from '../../../components/input.module.css';
import { CreateCustomTile } from './activity-tile';
import { CATEGORY_FILTERS, type CategoryFilter, emptyMessage, filterActivities } from './library-model';
import { ActivityTiles, LibraryList } from './library-tiles';
import styles from './mobile-library.module.css';
import type { LibrarySelection } from './selection';

interface MobileLibraryProps {
  open: boolean;
  onClose(): void;
  activities: Activity[] | null;
  selection: LibrarySelection;
  adding: boolean;
  onAdd(): void;
  onCreateCustom(): void;
}

/** Mobile: the library fills the screen, with search, slot and category chips, and the add bar at the bottom. */
export function MobileLibrary({
  open,
  onClose,
  activities,
  selection,
  adding,
  onAdd,
  onCreateCustom,
}: MobileLibraryProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('All');
  const searchId = useId();
  const count = selection.addable.length;
  const shown = activities === null ? null : filterActivities(activities, search, category);

  return (
    <Dialog open={open} onClose={onClose} title="Activity Library" className={styles.library} size="large">
      <label htmlFor={searchId} className="visually-hidden">
        Search activities
      </label>
      <input
        id={searchId}
        type="search"
        className={inputStyles.input}
        placeholder="Search activities..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ChipGroup legend="Time slot" options={SLOTS} selected={selection.slot} onSelect={selection.setSlot} />
      <ChipGroup legend="Category" options={CATEGORY_FILTERS} selected={category} onSelect={setCategory} />
      <div className={styles.list}>
        <CreateCustomTile onClick={onCreateCustom} />
        <LibraryList activities={shown} emptyText={emptyMessage(search, category)}>
          {(list) => <ActivityTiles activities={list} selection={selection} />}
        </LibraryList>
      </div>
      <div className={styles.bar}>
        <Button
          variant="secondary"
          className={styles.barButton}
          onClick={selection.clear}
          disabled={count === 0}
        >
          Clear ({count})
        </Button>
        <Button
          className={styles.barButton}
          onClick={onAdd}
          disabled={count === 0}
          busy={adding}
          busyText="Adding..."
        >
          Add to {selection.slot}
        </Button>
      </div>
    </Dialog>
  );
}
