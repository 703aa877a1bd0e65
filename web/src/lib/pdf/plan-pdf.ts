import { jsPDF } from 'jspdf';

/** What a plan PDF shows: any number of days, each with its slots and activities, in the order given. */
export interface PlanPdfInput {
  title: string;
  /** A line under the title, e.g. the week's dates or "Personalised from your quiz answers". */
  subtitle?: string;
  /** Label and value pairs printed before the days (e.g. the quiz answers). */
  details?: ReadonlyArray<{ label: string; value: string }>;
  days: ReadonlyArray<{
    title: string;
    slots: ReadonlyArray<{
      name: string;
      activities: ReadonlyArray<{ name: string; duration: number; category: string; completed?: boolean }>;
    }>;
  }>;
  /** The PDF's own words in her language (docs/rules.md#languages); English when not given. */
  words?: PlanPdfWords;
}

/** What the layout itself says: a duration ("5 min", "5 Min.") and an empty slot. */
export interface PlanPdfWords {
  minutes(minutes: number): string;
  empty: string;
}

const ENGLISH_WORDS: PlanPdfWords = {
  minutes: (minutes) => `${minutes} min`,
  empty: 'No activities scheduled',
};

const PAGE = { margin: 18, width: 210, height: 297 } as const;
const ROSE: [number, number, number] = [169, 58, 92];
const INK: [number, number, number] = [47, 36, 48];
const MUTED: [number, number, number] = [102, 85, 99];

/**
 * Lays the plan out on A4 pages with jsPDF, in the browser. Emoji are left out: the PDF's standard fonts
 * cannot draw them, and a printed plan reads well without.
 */
export function buildPlanPdf(input: PlanPdfInput): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const words = input.words ?? ENGLISH_WORDS;
  doc.setProperties({ title: input.title, creator: 'Bloom' });
  let y = PAGE.margin;
  const usable = PAGE.width - PAGE.margin * 2;
  const ensureRoom = (height: number) => {
    if (y + height <= PAGE.height - PAGE.margin) return;
    doc.addPage();
    y = PAGE.margin;
  };
  const text = (
    value: string,
    size: number,
    color: [number, number, number],
    style: 'normal' | 'bold',
    x = 0,
  ) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lines = doc.splitTextToSize(value, usable - x) as string[];
    const lineHeight = size * 0.45;
    ensureRoom(lines.length * lineHeight);
    doc.text(lines, PAGE.margin + x, y + lineHeight * 0.8);
    y += lines.length * lineHeight;
  };

  text(input.title, 22, ROSE, 'bold');
  y += 2;
  if (input.subtitle) text(input.subtitle, 11, MUTED, 'normal');
  y += 4;
  for (const detail of input.details ?? []) text(`${detail.label}: ${detail.value}`, 10, INK, 'normal');
  if (input.details?.length) y += 4;

  for (const day of input.days) {
    ensureRoom(24);
    doc.setDrawColor(...ROSE);
    doc.line(PAGE.margin, y, PAGE.margin + usable, y);
    y += 3;
    const minutes = day.slots.reduce(
      (total, slot) => total + slot.activities.reduce((sum, activity) => sum + activity.duration, 0),
      0,
    );
    text(`${day.title} · ${words.minutes(minutes)}`, 14, INK, 'bold');
    y += 1;
    for (const slot of day.slots) {
      text(slot.name, 11, ROSE, 'bold', 2);
      if (slot.activities.length === 0) text(words.empty, 10, MUTED, 'normal', 6);
      for (const activity of slot.activities) {
        const box = activity.completed ? '[x]' : '[  ]';
        text(
          `${box}  ${activity.name} · ${words.minutes(activity.duration)} · ${activity.category}`,
          10,
          INK,
          'normal',
          6,
        );
      }
      y += 1.5;
    }
    y += 3;
  }
  return doc;
}

/** Builds the PDF and hands it to the browser as a download. */
export function downloadPlanPdf(input: PlanPdfInput, filename = 'bloom-self-care-plan.pdf'): void {
  buildPlanPdf(input).save(filename);
}
