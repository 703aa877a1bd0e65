import type { WeekView } from '@bloom/shared/planner/types';
import { weekLabel } from '@bloom/shared/week/week';
import { jsPDF } from 'jspdf';
import { dayNameOf, formatShortDate } from './format';
import { slotsOf, totalsOf } from './week-model';

const MARGIN = 48;
const LINE = 16;

/**
 * The visible week as a printable A4 PDF, generated in the browser. The standard PDF fonts have no emoji, so
 * activities are listed by name, minutes and whether they are done.
 */
export function weekPdf(week: WeekView): jsPDF {
  const pdf = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = pdf.internal.pageSize.getWidth();
  const bottom = pdf.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;

  const line = (
    text: string,
    options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {},
  ) => {
    const size = options.size ?? 11;
    pdf.setFont('helvetica', options.bold ? 'bold' : 'normal');
    pdf.setFontSize(size);
    const indent = options.indent ?? 0;
    const lines: string[] = pdf.splitTextToSize(text, width - 2 * MARGIN - indent);
    for (const part of lines) {
      if (y > bottom) {
        pdf.addPage();
        y = MARGIN;
      }
      pdf.text(part, MARGIN + indent, y);
      y += Math.max(LINE, size * 1.3);
    }
    y += options.gap ?? 0;
  };

  line('Bloom: my self-care week', { size: 20, bold: true, gap: 4 });
  line(weekLabel(week.weekStart), { size: 13, gap: 8 });

  for (const day of week.days) {
    const totals = totalsOf(day.activities);
    const done = week.completedDays.includes(day.day) ? ' - complete' : '';
    line(`${dayNameOf(day.day)}, ${formatShortDate(day.date)}${done}`, { size: 14, bold: true });
    line(`${totals.minutes} min, ${totals.completed}/${totals.total} actions done`, { size: 10, gap: 2 });
    for (const { slot, activities } of slotsOf(day)) {
      line(slot, { bold: true, indent: 12 });
      if (activities.length === 0) line('No activities scheduled', { indent: 24 });
      for (const activity of activities) {
        line(
          `[${activity.completed ? 'x' : ' '}] ${activity.name} (${activity.duration} min, ${activity.category})`,
          {
            indent: 24,
          },
        );
      }
    }
    y += 8;
  }
  return pdf;
}

export function saveWeekPdf(week: WeekView): void {
  weekPdf(week).save(`bloom-week-${week.weekStart}.pdf`);
}
