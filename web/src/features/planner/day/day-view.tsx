import { type DayIndex, SLOTS, type Slot } from '@bloom/shared/planner/types';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ChipGroup } from '../../../components/chip-group';
import { ErrorPanel } from '../../../components/error-panel';
import { AccountSheetButton } from '../account';
import { useAddActivities } from '../api/add-mutations';
import { useCompleteSlot, useSetDayCompletion, useSetRestDay } from '../api/day-mutations';
import { useMoveActivity, useRemoveActivity, useToggleActivity } from '../api/planned-activity-mutations';
import { useLibrary } from '../api/use-library';
import { useProfile } from '../api/use-profile';
import { useWeek } from '../api/use-week';
import { CustomActivityDialog } from '../custom-activity/custom-activity-dialog';
import { dayNameOf, formatShortDate } from '../format';
import { ActivityLibrary } from '../library/activity-library';
import { MobileLibrary } from '../library/mobile-library';
import { useLibrarySelection } from '../library/selection';
import { EditsPill } from '../pills';
import screens from '../planner-screens.module.css';
import { PRO_FEATURES, ProBanner } from '../pro-banner';
import { RestBadge } from '../rest-badge';
import { activitiesIn } from '../week-model';
import styles from './day-view.module.css';
import { PlanBoard } from './plan-board';
import { SlotCard, SlotCardSkeleton } from './slot-card';

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
  const addActivities = useAddActivities();
  const toggleActivity = useToggleActivity();
  const removeActivity = useRemoveActivity();
  const moveActivity = useMoveActivity();
  const completeSlot = useCompleteSlot();
  const setDayCompletion = useSetDayCompletion();
  const setRestDay = useSetRestDay();
  const dayEntry = week?.days.find((entry) => entry.day === day);
  const selection = useLibrarySelection(
    'Morning',
    (slot) => new Set(dayEntry ? activitiesIn(dayEntry, slot).map((activity) => activity.activityId) : []),
  );
  const [adding, setAdding] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const [mobileSlot, setMobileSlot] = useState<Slot>('Morning');
  const libraryRef = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const dayName = dayNameOf(day);
  const completed = week?.completedDays.includes(day) ?? false;
  const rested = week?.restDays.includes(day) ?? false;

  const addSelected = async () => {
    if (adding || selection.addable.length === 0) return;
    setAdding(true);
    const added = await addActivities(day, selection.slot, selection.addable);
    setAdding(false);
    if (added) {
      selection.clear();
      setLibraryOpen(false);
    }
  };

  // Free users may create a few a day too; the server counts them and answers "Daily action limit reached".
  const openCustom = () => {
    setLibraryOpen(false);
    setCustomOpen(true);
  };

  const editSlot = (slot: Slot) => {
    selection.setSlot(slot);
    if (mobile) setLibraryOpen(true);
    else libraryRef.current?.querySelector<HTMLElement>('select')?.focus();
  };

  const slotCard = (slot: Slot) =>
    dayEntry ? (
      <SlotCard
        key={slot}
        day={day}
        slot={slot}
        activities={activitiesIn(dayEntry, slot)}
        dayCompleted={completed}
        onToggle={toggleActivity}
        onRemove={removeActivity}
        onCompleteAll={(target) => completeSlot(day, target)}
        onSetDayCompleted={(value) => setDayCompletion(day, value)}
        onEdit={editSlot}
      />
    ) : null;

  return (
    <div className={screens.column}>
      <header>
        <div className={styles.bar}>
          <Button variant="ghost" size="small" onClick={onBack}>
            ← Back to Week View
          </Button>
          <div className={styles.stats}>
            {week ? <EditsPill edits={week.edits} /> : null}
            {mobile ? <AccountSheetButton streak={week?.streak ?? null} edits={week?.edits ?? null} /> : null}
          </div>
        </div>
        <div className={styles.titleRow}>
          <div>
            <h1 ref={heading} tabIndex={-1} className={styles.title}>
              {dayName} Self-Care Plan
            </h1>
            {dayEntry ? <p className={styles.date}>{formatShortDate(dayEntry.date)}</p> : null}
            <p className={styles.hint}>Select activities from the sidebar and add them to any time slot</p>
          </div>
          <div className={styles.marks}>
            {rested ? (
              <>
                <RestBadge />
                <Button variant="secondary" onClick={() => setRestDay(day, false)}>
                  Undo rest day
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant={completed ? 'primary' : 'secondary'}
                  aria-pressed={completed}
                  disabled={!week}
                  onClick={() => setDayCompletion(day, !completed)}
                >
                  {completed ? 'Completed' : 'Mark Complete'}
                </Button>
                {completed ? null : (
                  <Button variant="ghost" disabled={!week} onClick={() => setRestDay(day, true)}>
                    Rest day
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
      </header>

      {profile?.tier === 'pro' ? null : <ProBanner title="Unlock Pro" text={PRO_FEATURES} action="Get Pro" />}

      {!week || !dayEntry ? (
        weekError ? (
          <ErrorPanel message={weekError} onRetry={retry} />
        ) : (
          <div className={styles.loading} role="status">
            <p>Loading your day...</p>
            <div className={styles.slots} aria-hidden="true">
              {SLOTS.map((slot) => (
                <SlotCardSkeleton key={slot} />
              ))}
            </div>
          </div>
        )
      ) : (
        <PlanBoard activities={dayEntry.activities} onMove={moveActivity}>
          {mobile ? (
            <div className={styles.mobile}>
              <ChipGroup
                legend="Time slot"
                options={SLOTS}
                selected={mobileSlot}
                onSelect={setMobileSlot}
                label={(slot) => `${slot} (${activitiesIn(dayEntry, slot).length})`}
              />
              {slotCard(mobileSlot)}
              <Button
                fullWidth
                onClick={() => {
                  selection.setSlot(mobileSlot);
                  setLibraryOpen(true);
                }}
              >
                ＋ Add
              </Button>
            </div>
          ) : (
            <div className={styles.layout}>
              <div ref={libraryRef}>
                <ActivityLibrary
                  activities={library}
                  selection={selection}
                  adding={adding}
                  onAdd={addSelected}
                  onCreateCustom={openCustom}
                />
              </div>
              <div className={styles.slots}>{SLOTS.map(slotCard)}</div>
            </div>
          )}
        </PlanBoard>
      )}

      {mobile ? (
        <MobileLibrary
          open={libraryOpen}
          onClose={() => setLibraryOpen(false)}
          activities={library}
          selection={selection}
          adding={adding}
          onAdd={addSelected}
          onCreateCustom={openCustom}
        />
      ) : null}
      {customOpen ? (
        <CustomActivityDialog day={day} initialSlot={selection.slot} onClose={() => setCustomOpen(false)} />
      ) : null}
    </div>
  );
}
