import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiProvider, createQueryClient } from '../../lib/api';
import { createFakeApi, makeWeek, planned } from '../../testing/fake-api';
import { InEnglish } from '../../testing/test-utils';
import { ProgressScreen } from './progress-screen';

describe('ProgressScreen (docs/rules.md#progress)', () => {
  it('labels every heatmap cell, adds up minutes and ranks categories, from one request', async () => {
    // The fake's week: Monday completed, Tuesday rested, today Wednesday.
    const fake = createFakeApi(
      makeWeek([planned('stretch', 0, 'Morning', true), planned('gratitude', 0, 'Evening', true)], {
        completedDays: [0],
        restDays: [1],
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient({ onReadError: () => {} })}>
        <ApiProvider api={fake.api}>
          <ProgressScreen onBack={() => {}} />
        </ApiProvider>
      </QueryClientProvider>,
      { wrapper: InEnglish },
    );
    await screen.findByLabelText('Monday Nov 16: completed');
    expect(screen.getByLabelText('Tuesday Nov 17: rest day')).toBeTruthy();
    expect(screen.getByLabelText('Wednesday Nov 18: not completed')).toBeTruthy();
    expect(screen.getByLabelText('Thursday Nov 19: still to come')).toBeTruthy();
    expect(screen.getAllByRole('listitem', { name: /: / })).toHaveLength(12 * 7);
    expect(screen.getByText('15 min')).toBeTruthy();
    expect(screen.getByText('Physical').closest('li')?.textContent).toContain('1 activity · 10 min');
    expect(fake.calls.filter((call) => call.name === 'getProgress')).toHaveLength(1);
  });
});
