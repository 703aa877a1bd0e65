import { ICON_CHOICES } from '@bloom/shared/catalogue/icons';
import { CLIENT_MESSAGES, FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import { weekLabel } from '@bloom/shared/week/week';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadWebMessages } from '../../lib/i18n';
import { buildPlanPdf, pdfText } from '../../lib/pdf/plan-pdf';
import { englishMessages } from '../../testing/english-messages';
import { makeWeek, planned } from '../../testing/fake-api';
import { iconMessageId, sayIn, weekLabelIn } from './i18n';
import { weekPdfInput } from './week/week-pdf';

const intlIn = async (locale: 'de' | 'fr' | 'es') =>
  createIntl({ locale: `${locale}-${locale.toUpperCase()}`, messages: await loadWebMessages(locale) });

describe('the planner in her language', () => {
  it('names every icon of the custom activity picker, in English as the catalogue does', () => {
    const english = createIntl({ locale: 'en-US', messages: englishMessages });
    for (const icon of ICON_CHOICES) {
      expect(english.formatMessage({ id: iconMessageId(icon.name) })).toBe(icon.name);
    }
  });

  it("says shared's English words of a failure or a field in her language, and leaves the server's alone", async () => {
    const german = await intlIn('de');
    expect(sayIn(german, CLIENT_MESSAGES.addActivity)).not.toBe(CLIENT_MESSAGES.addActivity);
    expect(sayIn(german, CLIENT_MESSAGES.addActivity)).toBe(
      german.formatMessage({ id: 'client.addActivity' }),
    );
    expect(sayIn(german, FIELD_MESSAGES.name)).toBe(german.formatMessage({ id: 'field.name' }));
    expect(sayIn(german, 'Schon auf Deutsch.')).toBe('Schon auf Deutsch.');
  });

  it('dates the week as the spec does in English and as Intl does in her language', () => {
    expect(weekLabelIn('2026-11-23', 'en')).toBe(weekLabel('2026-11-23'));
    expect(weekLabelIn('2026-11-23', 'de')).toBe('23.–29. Nov. 2026');
    expect(weekLabelIn('2026-11-30', 'es')).toMatch(/^30 nov.*6 dic.*2026$/);
  });

  it('writes the PDF in her language, with its accents and umlauts in the fonts it uses', async () => {
    const week = makeWeek([planned('gratitude', 0, 'Morning', true), planned('stretch', 1, 'Evening')], {
      completedDays: [0],
    });
    const german = weekPdfInput(week, await intlIn('de'));
    expect(german.title).toBe('Meine Bloom-Self-Care-Woche');
    expect(german.days[0]?.title).toBe('Montag, 16. Nov. (geschafft)');
    expect(german.days[0]?.slots.map((slot) => slot.name)).toEqual(['Morgen', 'Mittag', 'Abend']);
    expect(german.days[1]?.slots[2]?.activities[0]?.category).toBe('Körper');
    const source = buildPlanPdf(german).output();
    // One byte a letter (Windows-1252), as the standard fonts read them: never jsPDF's two-byte fallback.
    for (const text of [
      'Meine Bloom-Self-Care-Woche',
      'Noch nichts geplant',
      'Körper',
      'Dienstag, 17. Nov.',
      '5 Min.',
    ]) {
      expect(source).toContain(text);
    }

    const french = buildPlanPdf(weekPdfInput(week, await intlIn('fr'))).output();
    for (const text of ['Ma semaine bien-être Bloom', 'lundi 16 nov.', 'validée', 'Aucune activité prévue']) {
      expect(french).toContain(text);
    }
    expect(french).not.toContain('\u0000');
    expect(pdfText('40\u202f% · ¿Qué? œuvre 🌸')).toBe('40 % · ¿Qué? œuvre ');
  });
});
