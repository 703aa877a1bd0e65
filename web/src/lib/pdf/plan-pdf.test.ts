import { describe, expect, it } from 'vitest';
import { buildPlanPdf } from './plan-pdf';

describe('plan PDF', () => {
  it('is a real PDF with the plan in it, on as many pages as it needs', () => {
    const day = (title: string) => ({
      title,
      slots: [
        { name: 'Morning', activities: [{ name: 'Gratitude journal', duration: 5, category: 'Mental' }] },
        { name: 'Midday', activities: [] },
        {
          name: 'Evening',
          activities: [{ name: 'Warm bath', duration: 20, category: 'Sensory', completed: true }],
        },
      ],
    });
    const doc = buildPlanPdf({
      title: 'My Bloom self-care plan',
      subtitle: 'Personalised from my quiz answers',
      details: [{ label: 'Time each day', value: '15-20 minutes' }],
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(day),
    });
    const source = doc.output();
    expect(source.startsWith('%PDF-')).toBe(true);
    for (const text of [
      'My Bloom self-care plan',
      'Sunday',
      'Gratitude journal',
      'Warm bath',
      'No activities scheduled',
    ]) {
      expect(source).toContain(text);
    }
    expect(source).toMatch(/Monday .{1,6} 25 min/);
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
  });
});
