import { greeting } from '@/lib/mail/templates/quote';
import { describe, expect, it } from 'vitest';
import { contactErrors } from '@/lib/quotes/contact';
import { quoteAnswerSchema, quoteRequestSchema } from '@/lib/quotes/schema';
import { effectiveStatus, quoteTotalCents } from '@/lib/quotes/types';

const QUOTE = 'aaaaaaaa-0000-4000-8000-000000000001';

describe('quote rules', () => {
  it('treats a quoted quote past its last day as expired, and nothing else', () => {
    expect(effectiveStatus({ status: 'quoted', validUntil: '2026-11-25' }, '2026-11-26')).toBe('expired');
    expect(effectiveStatus({ status: 'quoted', validUntil: '2026-11-26' }, '2026-11-26')).toBe('quoted');
    expect(effectiveStatus({ status: 'accepted', validUntil: '2026-01-01' }, '2026-11-26')).toBe('accepted');
    expect(effectiveStatus({ status: 'requested', validUntil: null }, '2026-11-26')).toBe('requested');
  });

  it('totals a quote only once every line has a price', () => {
    expect(quoteTotalCents([{ quantity: 30, unitPriceCents: 2100 }, { quantity: 12, unitPriceCents: 4000 }])).toBe(111_000);
    expect(quoteTotalCents([{ quantity: 30, unitPriceCents: 2100 }, { quantity: 12, unitPriceCents: null }])).toBeNull();
  });

  it('reads staff prices as people type them, to the cent', () => {
    const parse = (price: string) => quoteAnswerSchema.safeParse({ quoteId: QUOTE, prices: [{ position: 1, price }], validUntil: '2026-12-31' });
    expect(parse('12').data?.prices[0]!.price).toBe(1200);
    expect(parse('$1,200.50').data?.prices[0]!.price).toBe(120_050);
    expect(parse('10.05').data?.prices[0]!.price).toBe(1005);
    for (const bad of ['', '0', '12.345', '-3', 'ten']) expect(parse(bad).success, bad).toBe(false);
    expect(quoteAnswerSchema.safeParse({ quoteId: QUOTE, prices: [{ position: 1, price: '5' }], validUntil: '31/12/2026' }).success).toBe(false);
  });

  it('checks a guest’s details in the browser as the server does', () => {
    const guest = { name: 'Ada', email: 'ada@example.test', phone: '555 0100' };
    expect(contactErrors(guest)).toEqual({});
    expect(contactErrors({ name: ' ', email: 'nope', phone: '' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a phone number',
    });
    const line = { productId: QUOTE, quantity: 5, specifications: {} };
    expect(quoteRequestSchema.safeParse({ lines: [line], contact: guest }).success).toBe(true);
    expect(quoteRequestSchema.safeParse({ lines: [line], contact: { ...guest, email: 'nope' } }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ lines: [], contact: guest }).error?.issues[0]?.message).toBe('Add at least one item to ask for a quote.');
  });
});

describe('quote mail greetings', () => {
  it('greets a buyer by name, never by their e-mail address', () => {
    expect(greeting('Ada Lovelace')).toBe('Hello Ada Lovelace,');
    expect(greeting('ada@example.test')).toBe('Hello,');
    expect(greeting(null)).toBe('Hello,');
  });
});
