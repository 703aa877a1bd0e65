import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { renderPlanner } from '../testing/render';
import { focusSpot } from './use-week-dnd';
import { WeeklyPlanner } from './weekly-planner';

const noop = () => {};

/** The weekly view with its real day cards, once they are on screen. */
async function showWeek() {
  const { api } = createFakeApi(
    makeWeek([planned('gratitude', 1, 'Morning'), planned('candle', 1, 'Evening')]),
  );
  const view = renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
  await screen.findByRole('article', { name: 'Tuesday' });
  return view;
}

const openTuesday = () =>
  within(screen.getByRole('article', { name: 'Tuesday' })).getByRole('button', { name: 'View & Edit Day' });

describe('focusSpot', () => {
  it('puts focus back on the same control of the same day card once the cards are drawn again', async () => {
    const first = await showWeek();
    const before = openTuesday();
    before.focus();
    const putBack = focusSpot();
    expect(putBack).not.toBeNull();

    // Drawn again (as with drag and drop): new elements, and focus falls to the page.
    first.unmount();
    await showWeek();
    expect(openTuesday()).not.toBe(before);
    expect(document.activeElement).toBe(document.body);
    putBack?.();
    expect(openTuesday()).toHaveFocus();
  });

  it('leaves focus alone when it is not in a day card, or has moved on meanwhile', async () => {
    await showWeek();
    const outside = screen.getByRole('button', { name: 'Previous week' });
    outside.focus();
    expect(focusSpot()).toBeNull();

    openTuesday().focus();
    const putBack = focusSpot();
    outside.focus();
    putBack?.();
    expect(outside).toHaveFocus();
  });
});
