import { afterEach, describe, expect, it } from 'vitest';
import { focusSpot } from './use-week-dnd';

/** A day card as the weekly view draws it: an article named by its heading, with its controls. */
function card(day: number): HTMLElement {
  const article = document.createElement('article');
  article.setAttribute('aria-labelledby', `day-card-${day}`);
  article.innerHTML = `<h3 id="day-card-${day}">Day ${day}</h3>
    <input type="checkbox" aria-label="Tick" /><button type="button">Mark Day Complete</button>
    <button type="button" data-open-day="${day}">View &amp; Edit Day</button>`;
  return article;
}

afterEach(() => document.body.replaceChildren());

describe('focusSpot', () => {
  it('puts focus back on the same control of the same card once the cards are drawn again', () => {
    document.body.append(card(0), card(1));
    document.querySelector<HTMLElement>('[data-open-day="1"]')?.focus();
    const putBack = focusSpot();
    // Drawn again with drag and drop: new elements, and focus falls to the page.
    document.body.replaceChildren(card(0), card(1));
    expect(document.activeElement).toBe(document.body);
    putBack?.();
    expect(document.activeElement).toBe(document.querySelector('[data-open-day="1"]'));
  });

  it('leaves focus alone when it is not in a day card, or has moved on meanwhile', () => {
    const outside = document.createElement('button');
    document.body.append(outside, card(2));
    outside.focus();
    expect(focusSpot()).toBeNull();

    document.querySelector<HTMLElement>('[data-open-day="2"]')?.focus();
    const putBack = focusSpot();
    outside.focus();
    putBack?.();
    expect(document.activeElement).toBe(outside);
  });
});
