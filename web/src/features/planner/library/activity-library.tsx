import { type Activity, SLOTS, type Slot } from '@bloom/shared/planner/types';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import inputStyles from '../../../components/input.module.css';
import { useWords } from '../i18n';
import styles from './activity-library.module.css';
import { CreateCustomTile } from './activity-tile';
import { emptyMessage, groupByCategory } from './library-model';
import { ActivityTiles, LibraryList } from './library-tiles';
import type { LibrarySelection } from './selection';

interface ActivityLibraryProps {
  activities: Activity[] | null;
  selection: LibrarySelection;
  adding: boolean;
  onAdd(): void;
  onCreateCustom(): void;
}

/** Desktop sidebar: the library by category, multi-select, the slot to add to, and Create Custom Activity. */
export function ActivityLibrary({
  activities,
  selection,
  adding,
  onAdd,
  onCreateCustom,
}: ActivityLibraryProps) {
  const headingId = useId();
  const slotId = useId();
  const count = selection.addable.length;
  const intl = useIntl();
  const words = useWords();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <aside className={styles.library} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <FormattedMessage id="planner.library.title" />
      </h2>
      <div className={styles.controls}>
        <label htmlFor={slotId} className={styles.label}>
          <FormattedMessage id="planner.timeSlot" />
        </label>
        <select
          id={slotId}
          className={inputStyles.input}
          value={selection.slot}
          onChange={(event) => selection.setSlot(event.target.value as Slot)}
        >
          {SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {words.slot(slot)}
            </option>
          ))}
        </select>
        <Button
          onClick={onAdd}
          disabled={count === 0}
          busy={adding}
          busyText={say('planner.library.adding')}
          fullWidth
        >
          <FormattedMessage id="planner.library.addSelected" values={{ count }} />
        </Button>
        <Button variant="ghost" size="small" onClick={selection.clear} disabled={count === 0}>
          <FormattedMessage id="planner.library.clearSelection" />
        </Button>
      </div>
      <CreateCustomTile onClick={onCreateCustom} />
      <div className={styles.groups}>
        <LibraryList activities={activities} emptyText={emptyMessage('', 'All', say, words.category)}>
          {(shown) =>
            groupByCategory(shown, intl.locale).map((group) => (
              <fieldset key={group.category} className={styles.group}>
                <legend className={styles.groupTitle}>{words.category(group.category)}</legend>
                <ActivityTiles activities={group.activities} selection={selection} />
              </fieldset>
            ))
          }
        </LibraryList>
      </div>
    </aside>
  );
}
