import { type ActivityNames, loadActivityNames } from '@bloom/shared/i18n/activity-names';
import type { Locale } from '@bloom/shared/i18n/locales';
import type { Category, Slot } from '@bloom/shared/planner/types';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { categoryMessageId } from '../../components/category-badge';
import { localeOf } from '../../components/locale-of';
import { slotMessageId } from '../../components/slot-name';

type DragMessage = 'pickedUp' | 'over' | 'dropped' | 'putBack' | 'cancelled' | 'nowhere' | 'activity';

/** The preview's words for what comes from shared (slots, categories, activities) and for dragging. */
export interface PreviewWords {
  slot(slot: Slot): string;
  category(category: Category): string;
  /** A catalogue activity by its name in her language (shared/src/i18n/activities), English until loaded. */
  activityName(activity: { id: string; name: string }): string;
  activityLabel(name: string, duration: number, category: string): string;
  drag(message: DragMessage, name?: string, slot?: string): string;
  dragRole: string;
  dragInstructions: string;
}

/** The activities' names in her language, loaded once per language (English is at hand). */
function useActivityNames(locale: Locale): ActivityNames | null {
  const [names, setNames] = useState<ActivityNames | null>(null);
  useEffect(() => {
    let current = true;
    loadActivityNames(locale).then(
      (loaded) => {
        if (current) setNames(loaded);
      },
      () => {
        // Not fetched (offline): the names stay in English.
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return names?.locale === locale ? names : null;
}

export function usePreviewWords(): PreviewWords {
  const intl = useIntl();
  const names = useActivityNames(localeOf(intl));
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return {
    slot: (slot) => say(slotMessageId(slot)),
    category: (category) => say(categoryMessageId(category)),
    activityName: ({ id, name }) => (names ? names.of(id, name) : name),
    activityLabel: (name, duration, category) =>
      say('plan-preview.activity.label', { name, duration, category }),
    drag: (message, name = '', slot = '') => say(`plan-preview.drag.${message}`, { name, slot }),
    dragRole: say('plan-preview.drag.role'),
    dragInstructions: say('plan-preview.drag.instructions'),
  };
}
