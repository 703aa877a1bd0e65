import type { WeekView } from '@bloom/shared/planner/types';
import type { IntlShape } from 'react-intl';
import { downloadPlanPdf, type PlanPdfInput } from '../../../lib/pdf/plan-pdf';
import { wordsOf } from '../i18n';
import { slotsOf } from '../week-model';

/**
 * The visible week in the shape of the shared plan PDF: each day with its slots, done or not, in her language
 * (the week's activities are named in it already, by useWeek).
 */
export function weekPdfInput(week: WeekView, intl: IntlShape): PlanPdfInput {
  const words = wordsOf(intl);
  return {
    title: intl.formatMessage({ id: 'planner.pdf.title' }),
    subtitle: words.week(week.weekStart),
    days: week.days.map((day) => ({
      title: intl.formatMessage(
        { id: 'planner.pdf.day' },
        {
          day: words.day(day.day),
          date: words.shortDate(day.date),
          complete: week.completedDays.includes(day.day) ? 'yes' : 'no',
        },
      ),
      slots: slotsOf(day).map(({ slot, activities }) => ({
        name: words.slot(slot),
        activities: activities.map(({ name, duration, category, completed }) => ({
          name,
          duration,
          category: words.category(category),
          completed,
        })),
      })),
    })),
    words: { empty: intl.formatMessage({ id: 'planner.emptySlot' }), minutes: words.minutes },
  };
}

export function saveWeekPdf(week: WeekView, intl: IntlShape): void {
  downloadPlanPdf(weekPdfInput(week, intl), `bloom-week-${week.weekStart}.pdf`);
}
