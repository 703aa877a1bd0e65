import type { WeekView } from '@bloom/shared/planner/types';
import { weekLabel } from '@bloom/shared/week/week';
import { downloadPlanPdf, type PlanPdfInput } from '../../../lib/pdf/plan-pdf';
import { dayNameOf, formatShortDate } from '../format';
import { slotsOf } from '../week-model';

/** The visible week in the shape of the shared plan PDF: each day with its slots, done or not. */
export function weekPdfInput(week: WeekView): PlanPdfInput {
  return {
    title: 'My Bloom self-care week',
    subtitle: weekLabel(week.weekStart),
    days: week.days.map((day) => ({
      title: `${dayNameOf(day.day)}, ${formatShortDate(day.date)}${week.completedDays.includes(day.day) ? ' (complete)' : ''}`,
      slots: slotsOf(day).map(({ slot, activities }) => ({
        name: slot,
        activities: activities.map(({ name, duration, category, completed }) => ({
          name,
          duration,
          category,
          completed,
        })),
      })),
    })),
  };
}

export function saveWeekPdf(week: WeekView): void {
  downloadPlanPdf(weekPdfInput(week), `bloom-week-${week.weekStart}.pdf`);
}
