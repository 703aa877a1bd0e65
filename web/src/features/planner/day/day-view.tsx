import { type DayIndex, SLOTS, type Slot, type WeekView } from '@bloom/shared/planner/types';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { ChipGroup } from '../../../components/chip-group';
import { ErrorPanel } from '../../../components/error-panel';
import { useCompleteSlot, useSetDayCompletion } from '../api/day-mutations';
import { useMoveActivity, useRemoveActivity, useToggleActivity } from '../api/planned-activity-mutations';
import { useLibrary } from '../api/use-library';
import { useProfile } from '../api/use-profile';
import { useWeek } from '../api/use-week';
import { CustomActivityDialog } from '../custom-activity/custom-activity-dialog';
import { useWords } from '../i18n';
import { ActivityLibrary } from '../library/activity-library';
import { MobileLibrary } from '../library/mobile-library';
import screens from '../planner-screens.module.css';
import { ProBanner } from '../pro-banner';
import { activitiesIn } from '../week-model';
import { DayHeader } from './day-header';
import styles from './day-view.module.css';
import { PlanBoard } from './plan-board';
import { SlotCard, SlotCardSkeleton } from './slot-card';
import { type DayAdding, useDayAdding } from './use-day-adding';

type PlannedDay = WeekView['days'][number];

interface DayViewProps {
  day: DayIndex;
  mobile: boolean;
  onBack(): void;
}

/** One day: its three slots, the activity library to add from, completion, and the custom activity form. */
export function DayView({ day, mobile, onBack }: DayViewProps) {
  const { week, error: weekError, retry } = useWeek();
  const library = useLibrary();
  const profile = useProfile();
  const dayEntry = week?.days.find((entry) => entry.day === day);
  const adding = useDayAdding(day, dayEntry, mobile);
  // Kept here, not in DayBoard: the slot she chose on a phone outlives the board while the week reloads.
  const mobileSlot = useState<Slot>('Morning');

  return (
    <div className={screens.column}>
      <DayHeader day={day} week={week} mobile={mobile} onBack={onBack} />

      {profile?.tier === 'pro' ? null : <ProBanner place="day" />}

      {!week || !dayEntry ? (
        <DayNotShown error={weekError} retry={retry} />
      ) : (
        <DayBoard
          dayEntry={dayEntry}
          completed={week.completedDays.includes(day)}
          mobile={mobile}
          library={library}
          adding={adding}
          mobileSlot={mobileSlot}
        />
      )}

      {mobile ? (
        <MobileLibrary
          open={adding.libraryOpen}
          onClose={adding.closeLibrary}
          activities={library}
          selection={adding.selection}
          adding={adding.adding}
          onAdd={adding.addSelected}
          onCreateCustom={adding.openCustom}
        />
      ) : null}
      {adding.customOpen ? (
        <CustomActivityDialog day={day} initialSlot={adding.selection.slot} onClose={adding.closeCustom} />
      ) : null}
    </div>
  );
}

/** Why the day is not there yet: the week could not be read (with a retry), or is still loading. */
function DayNotShown({ error, retry }: { error: string | null; retry(): void }) {
  if (error) return <ErrorPanel message={error} onRetry={retry} />;
  return (
    <div className={styles.loading} role="status">
      <p>
        <FormattedMessage id="planner.day.loading" />
      </p>
      <div className={styles.slots} aria-hidden="true">
        {SLOTS.map((slot) => (
          <SlotCardSkeleton key={slot} />
        ))}
      </div>
    </div>
  );
}

interface DayBoardProps {
  dayEntry: PlannedDay;
  completed: boolean;
  mobile: boolean;
  library: ReturnType<typeof useLibrary>;
  adding: DayAdding;
  /** The slot shown on a phone, and its setter. */
  mobileSlot: [Slot, (slot: Slot) => void];
}

/**
 * The day's slots, where activities can be dragged between slots: on a phone one slot at a time with an Add
 * button, else all three beside the library.
 */
function DayBoard({ dayEntry, completed, mobile, library, adding, mobileSlot: shown }: DayBoardProps) {
  const moveActivity = useMoveActivity();
  const [mobileSlot, setMobileSlot] = shown;
  const slotCard = useSlotCard(dayEntry, completed, adding.editSlot);
  const intl = useIntl();
  const words = useWords();

  return (
    <PlanBoard activities={() => dayEntry.activities} onMove={moveActivity}>
      {mobile ? (
        <div className={styles.mobile}>
          <ChipGroup
            legend={intl.formatMessage({ id: 'planner.timeSlot' })}
            options={SLOTS}
            selected={mobileSlot}
            onSelect={setMobileSlot}
            label={(slot) =>
              intl.formatMessage(
                { id: 'planner.day.slotChip' },
                { slot: words.slot(slot), count: activitiesIn(dayEntry, slot).length },
              )
            }
          />
          {slotCard(mobileSlot)}
          <Button
            fullWidth
            onClick={() => {
              adding.selection.setSlot(mobileSlot);
              adding.openLibrary();
            }}
          >
            <FormattedMessage id="planner.day.add" />
          </Button>
        </div>
      ) : (
        <div className={styles.layout}>
          <div ref={adding.libraryRef}>
            <ActivityLibrary
              activities={library}
              selection={adding.selection}
              adding={adding.adding}
              onAdd={adding.addSelected}
              onCreateCustom={adding.openCustom}
            />
          </div>
          <div className={styles.slots}>{SLOTS.map(slotCard)}</div>
        </div>
      )}
    </PlanBoard>
  );
}

/** A slot's card, with what ticking, removing and completing in it do. */
function useSlotCard(dayEntry: PlannedDay, completed: boolean, onEdit: (slot: Slot) => void) {
  const toggleActivity = useToggleActivity();
  const removeActivity = useRemoveActivity();
  const completeSlot = useCompleteSlot();
  const setDayCompletion = useSetDayCompletion();
  const { day } = dayEntry;
  return (slot: Slot) => (
    <SlotCard
      key={slot}
      day={day}
      slot={slot}
      activities={activitiesIn(dayEntry, slot)}
      dayCompleted={completed}
      onToggle={toggleActivity}
      onRemove={removeActivity}
      onCompleteAll={completeSlot}
      onSetDayCompleted={setDayCompletion}
      onEdit={onEdit}
    />
  );
}
