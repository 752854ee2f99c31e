// Stripe's documented test cards and test PaymentMethod tokens, and what each one does.
// https://docs.stripe.com/testing — numbers, codes and messages as Stripe returns them in test mode.

export type CardOutcome =
  | { kind: 'succeed' }
  /** 3-D Secure: the intent waits in requires_action, then succeeds or fails at the authentication page. */
  | { kind: 'authenticate'; then: 'succeed' | CardDecline }
  | CardDecline;

export interface CardDecline {
  kind: 'decline';
  code: string;
  declineCode?: string;
  message: string;
  /** Which card field the error points at, as Stripe's `param`. */
  param?: string;
}

const declined = (declineCode: string, message = 'Your card was declined.'): CardDecline => ({
  kind: 'decline',
  code: 'card_declined',
  declineCode,
  message,
});

export const EXPIRED_CARD: CardDecline = { kind: 'decline', code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.', param: 'exp_month' };
export const INCORRECT_CVC: CardDecline = { kind: 'decline', code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' };
export const PROCESSING_ERROR: CardDecline = { kind: 'decline', code: 'processing_error', declineCode: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' };
export const INCORRECT_NUMBER: CardDecline = { kind: 'decline', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' };
export const INVALID_EXPIRY_MONTH: CardDecline = { kind: 'decline', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
export const INVALID_EXPIRY_YEAR: CardDecline = { kind: 'decline', code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' };
export const INVALID_CVC: CardDecline = { kind: 'decline', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' };
export const AUTHENTICATION_FAILED: CardDecline = {
  kind: 'decline',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const LIVE_CARD_IN_TEST_MODE = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

const SUCCEED: CardOutcome = { kind: 'succeed' };

/** Card number → outcome. Numbers not listed (but passing the Luhn check) are "live" cards, declined in test mode. */
export const TEST_CARDS: Record<string, CardOutcome> = {
  // Successful payments, by brand.
  '4242424242424242': SUCCEED,
  '4000056655665556': SUCCEED,
  '5555555555554444': SUCCEED,
  '2223003122003222': SUCCEED,
  '5200828282828210': SUCCEED,
  '5105105105105100': SUCCEED,
  '378282246310005': SUCCEED,
  '371449635398431': SUCCEED,
  '6011111111111117': SUCCEED,
  '6011000990139424': SUCCEED,
  '3056930009020004': SUCCEED,
  '36227206271667': SUCCEED,
  '3566002020360505': SUCCEED,
  '6200000000000005': SUCCEED,
  '4000000760000002': SUCCEED,
  '4000001240000000': SUCCEED,
  '4000008260000000': SUCCEED,
  // Declines.
  '4000000000000002': declined('generic_decline'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card'),
  '4000000000009979': declined('stolen_card'),
  '4100000000000019': declined('fraudulent'),
  '4000000000006975': declined(
    'card_velocity_exceeded',
    'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  ),
  '4000000000000069': EXPIRED_CARD,
  '4000000000000127': INCORRECT_CVC,
  '4000000000000119': PROCESSING_ERROR,
  // 3-D Secure.
  '4000002500003155': { kind: 'authenticate', then: 'succeed' },
  '4000002760003184': { kind: 'authenticate', then: 'succeed' },
  '4000000000003220': { kind: 'authenticate', then: 'succeed' },
  '4000000000003063': { kind: 'authenticate', then: 'succeed' },
  '4000008400001629': { kind: 'authenticate', then: declined('card_declined') },
};

/** Stripe's test PaymentMethod ids (pm_card_*), usable from server code and tests instead of raw numbers. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequired: '4000002500003155',
  pm_card_threeDSecure2Required: '4000000000003220',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

/** Checks a raw card the way Stripe's API does, then looks up its test outcome. */
export function cardOutcome(card: CardInput, now = new Date()): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) return INCORRECT_NUMBER;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return INVALID_EXPIRY_MONTH;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) return INVALID_EXPIRY_YEAR;
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) return INVALID_EXPIRY_MONTH;
  if (card.cvc !== undefined && card.cvc !== '') {
    const digits = cardBrand(number) === 'amex' ? /^\d{4}$/ : /^\d{3}$/;
    if (!digits.test(card.cvc)) return INVALID_CVC;
  }
  return TEST_CARDS[number] ?? LIVE_CARD_IN_TEST_MODE;
}
