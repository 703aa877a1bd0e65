/**
 * Stripe's test cards, as Checkout treats them. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined;
 * 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 can be saved (in the portal) but every
 * charge to it fails, so a renewal fails; any other well-formed number is refused as in test mode.
 */

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardVerdict =
  | {
      ok: true;
      last4: string;
      brand: string;
      expMonth: number;
      expYear: number;
      /** Set for a card that can be saved but whose charges fail. */
      chargeDecline: { message: string; code: string } | null;
    }
  | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string; declineCode?: string };

/** A card that passed the form's checks; it may still decline every charge (`chargeDecline`). */
export type AcceptedCard = Extract<CardVerdict, { ok: true }>;

/** The card fields of a page's form (hosted Checkout's or the portal's), as typed. */
export function cardFormOf(form: URLSearchParams): CardInput & { name: string } {
  return {
    number: form.get('number') ?? '',
    expiry: form.get('expiry') ?? '',
    cvc: form.get('cvc') ?? '',
    name: form.get('name') ?? '',
  };
}

const SUCCEEDING: Record<string, string> = {
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  '4000000000000341': 'visa',
};
const CHARGES_FAIL: Record<string, { message: string; code: string }> = {
  '4000000000000341': { message: 'Your card was declined.', code: 'card_declined' },
};
const DECLINING: Record<string, { message: string; declineCode: string }> = {
  '4000000000000002': { message: 'Your card has been declined.', declineCode: 'generic_decline' },
  '4000000000009995': { message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
  '4000000000000069': { message: 'Your card has expired.', declineCode: 'expired_card' },
};

export function checkCard(input: CardInput, now: Date): CardVerdict {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) {
    return {
      ok: false,
      field: 'number',
      message: number ? 'Your card number is invalid.' : 'Your card number is incomplete.',
    };
  }
  if (!luhnValid(number)) return { ok: false, field: 'number', message: 'Your card number is invalid.' };

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  const thisYear = now.getUTCFullYear();
  if (year < thisYear)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  }

  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  }

  const declined = DECLINING[number];
  if (declined) return { ok: false, field: 'number', ...declined };
  const brand = SUCCEEDING[number];
  if (!brand) {
    return {
      ok: false,
      field: 'number',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      declineCode: 'live_mode_test_card',
    };
  }
  return {
    ok: true,
    last4: number.slice(-4),
    brand,
    expMonth: month,
    expYear: year,
    chargeDecline: CHARGES_FAIL[number] ?? null,
  };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
