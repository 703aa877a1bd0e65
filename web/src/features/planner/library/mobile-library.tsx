import { type Activity, SLOTS } from '@bloom/shared/planner/types';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { ChipGroup } from '../../../components/chip-group';
import { Dialog } from '../../../components/dialog';
import inputStyles from '../../../components/input.module.css';
import { useWords } from '../i18n';
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
  const intl = useIntl();
  const words = useWords();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const shown = activities === null ? null : filterActivities(activities, search, category, words.category);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={say('planner.library.title')}
      className={styles.library}
      size="large"
    >
      <label htmlFor={searchId} className="visually-hidden">
        <FormattedMessage id="planner.library.search" />
      </label>
      <input
        id={searchId}
        type="search"
        className={inputStyles.input}
        placeholder={say('planner.library.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ChipGroup
        legend={say('planner.timeSlot')}
        options={SLOTS}
        selected={selection.slot}
        onSelect={selection.setSlot}
        label={words.slot}
      />
      <ChipGroup
        legend={say('planner.library.category')}
        options={CATEGORY_FILTERS}
        selected={category}
        onSelect={setCategory}
        label={(option) => (option === 'All' ? say('planner.library.all') : words.category(option))}
      />
      <div className={styles.list}>
        <CreateCustomTile onClick={onCreateCustom} />
        <LibraryList activities={shown} emptyText={emptyMessage(search, category, say, words.category)}>
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
          <FormattedMessage id="planner.library.clear" values={{ count }} />
        </Button>
        <Button
          className={styles.barButton}
          onClick={onAdd}
          disabled={count === 0}
          busy={adding}
          busyText={say('planner.library.adding')}
        >
          <FormattedMessage id="planner.library.addTo" values={{ slot: words.slot(selection.slot) }} />
        </Button>
      </div>
    </Dialog>
  );
}
