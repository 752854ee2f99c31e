// The offline test-card form's field rules (number, expiry, CVC), with Stripe Elements' own wording. Pure.

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const size of groups) {
    if (i >= digits.length) break;
    out.push(digits.slice(i, i + size));
    i += size;
  }
  return out.join(' ');
}

/** '1', '12', '1230' → '1', '12', '12 / 30'. */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOnly(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(fields.number);
  const minLength = /^3[47]/.test(number) ? 15 : /^3(0[0-5]|[68])/.test(number) ? 14 : 16;
  if (number.length < minLength) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!luhn(number)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = parseExpiry(fields.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const thisYear = now.getFullYear();
    const thisMonth = now.getMonth() + 1;
    if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) errors.expiry = CARD_MESSAGES.expiryPast;
    else if (expiry.year > thisYear + 50) errors.expiry = CARD_MESSAGES.expiryInvalid;
  }

  const cvcLength = /^3[47]/.test(number) ? 4 : 3;
  if (digitsOnly(fields.cvc).length < cvcLength) errors.cvc = CARD_MESSAGES.cvcIncomplete;
  return errors;
}
