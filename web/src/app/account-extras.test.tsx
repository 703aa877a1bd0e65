import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/test-utils';
import AccountExtras from './account-extras';

/**
 * Her account's places list "Your progress", "Add to calendar" and "Reminders" one after another: in the top bar as
 * small quiet buttons, in the account sheet as full-width outlined ones. Reminders once stayed a small quiet button
 * in the sheet, between two outlined ones.
 */
describe.each(['compact', 'full'] as const)('in the %s account place', (placement) => {
  it('"Reminders" looks like "Your progress" and "Add to calendar"', () => {
    renderInApp(<AccountExtras profile={null} placement={placement} onOpenProgress={() => {}} />);
    const look = screen.getByRole('button', { name: 'Your progress' }).className;
    expect(screen.getByRole('button', { name: 'Add to calendar' }).className).toBe(look);
    expect(screen.getByRole('button', { name: 'Reminders' }).className).toBe(look);
  });
});
