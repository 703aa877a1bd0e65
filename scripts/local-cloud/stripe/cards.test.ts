import { describe, expect, it } from 'vitest';
import { checkCard } from './cards';

const now = new Date('2026-06-15T12:00:00Z');
const card = (number: string, expiry = '12 / 30', cvc = '123') => checkCard({ number, expiry, cvc }, now);

describe('checkCard', () => {
  it('lets 4242 4242 4242 4242 pay', () => {
    expect(card('4242 4242 4242 4242')).toEqual({
      ok: true,
      last4: '4242',
      brand: 'visa',
      expMonth: 12,
      expYear: 2030,
      chargeDecline: null,
    });
  });

  it('accepts 4000 0000 0000 0341 as a card to save, whose charges then fail', () => {
    expect(card('4000 0000 0000 0341')).toMatchObject({
      ok: true,
      last4: '0341',
      chargeDecline: { message: 'Your card was declined.', code: 'card_declined' },
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card has been declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
    ['', 'Your card number is incomplete.'],
    [
      '4111 1111 1111 1111',
      'Your card was declined. Your request was in test mode, but used a non test card.',
    ],
  ])('refuses %s: "%s"', (number, message) => {
    expect(card(number)).toMatchObject({ ok: false, field: 'number', message });
  });

  it.each([
    ['', "Your card's expiration date is incomplete."],
    ['13 / 30', "Your card's expiration date is invalid."],
    ['12 / 25', "Your card's expiration year is in the past."],
    ['05 / 26', "Your card's expiration date is in the past."],
  ])('checks the expiry %s', (expiry, message) => {
    expect(card('4242424242424242', expiry)).toMatchObject({ ok: false, field: 'expiry', message });
  });

  it('accepts this month and a four-digit year', () => {
    expect(card('4242424242424242', '06/2026').ok).toBe(true);
  });

  it('wants a three or four digit security code', () => {
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ ok: false, field: 'cvc' });
  });
});
