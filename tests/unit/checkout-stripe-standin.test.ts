import { describe, expect, it } from 'vitest';
import { cardOutcome, luhnValid, TEST_CARDS } from '@/local-stack/stripe/cards';
import { parseForm } from '@/local-stack/stripe/form';

describe('Stripe stand-in: form encoding', () => {
  it('reads the SDK bracket notation into objects and arrays', () => {
    const body =
      'amount=1999&currency=usd&metadata[checkout_id]=abc&allowed_payment_method_types[0]=card&allowed_payment_method_types[1]=link' +
      '&payment_method_data[card][number]=4242424242424242&shipping[address][line1]=1%20Main%20St&expand[]=latest_charge';
    expect(parseForm(body)).toEqual({
      amount: '1999',
      currency: 'usd',
      metadata: { checkout_id: 'abc' },
      allowed_payment_method_types: ['card', 'link'],
      payment_method_data: { card: { number: '4242424242424242' } },
      shipping: { address: { line1: '1 Main St' } },
      expand: ['latest_charge'],
    });
    expect(parseForm('metadata%5Bk%5D=v')).toEqual({ metadata: { k: 'v' } });
    expect(parseForm('')).toEqual({});
  });
});

describe('Stripe stand-in: test cards', () => {
  const future = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
  const at = new Date('2026-06-15T00:00:00Z');

  it('decides outcomes as Stripe test mode does', () => {
    expect(cardOutcome({ number: '4242 4242 4242 4242', ...future })).toEqual({ kind: 'succeed' });
    expect(cardOutcome({ number: '4000000000000002', ...future })).toMatchObject({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(cardOutcome({ number: '4000000000009995', ...future })).toMatchObject({
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(cardOutcome({ number: '4000000000000069', ...future })).toMatchObject({ code: 'expired_card', message: 'Your card has expired.' });
    expect(cardOutcome({ number: '4000000000000127', ...future })).toMatchObject({
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
    expect(cardOutcome({ number: '4000002500003155', ...future })).toEqual({ kind: 'authenticate', then: 'succeed' });
    expect(cardOutcome({ number: '4111111111111111', ...future })).toMatchObject({ declineCode: 'test_mode_live_card' });
  });

  it('checks the number, expiry and CVC first', () => {
    expect(cardOutcome({ number: '4242424242424241', ...future })).toMatchObject({ code: 'incorrect_number' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 13, expYear: 2030 }, at)).toMatchObject({ code: 'invalid_expiry_month' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 1, expYear: 2025 }, at)).toMatchObject({ code: 'invalid_expiry_year' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 5, expYear: 26 }, at)).toMatchObject({ code: 'invalid_expiry_month' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 6, expYear: 26 }, at)).toEqual({ kind: 'succeed' });
    expect(cardOutcome({ number: '4242424242424242', expMonth: 6, expYear: 2026, cvc: '12' }, at)).toMatchObject({ code: 'invalid_cvc' });
    expect(cardOutcome({ number: '378282246310005', expMonth: 6, expYear: 2026, cvc: '1234' }, at)).toEqual({ kind: 'succeed' });
  });

  it('lists only Luhn-valid numbers', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
  });
});
