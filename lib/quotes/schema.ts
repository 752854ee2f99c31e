// What may be sent about a quote: a buyer's request (the cart's lines, or one unpriced product, and a guest's contact
// details), staff's answer (a price per line, the last valid day, a message) and a decline's reason. zod, at every
// boundary; the server re-reads products and prices, never the browser's.
import { z } from 'zod';
import { checkoutLineSchema } from '../checkout/lines';
import { emailError } from '../checkout/contact';
import { text } from '../core/validation/text';

export const MAX_QUOTE_LINES = 200;
export { QUOTE_REQUEST_PATH } from './contact';

const email = text({ max: 320, label: 'Email address' }).refine((v) => emailError(v) === null, {
  error: (issue) => emailError(String(issue.input ?? '')) ?? 'Please enter a valid email address',
});

export const guestContactSchema = z.object({
  name: text({ max: 200, min: 1, label: 'Name', minMessage: 'Please enter your name' }),
  email,
  phone: text({ max: 40, min: 1, label: 'Phone', minMessage: 'Please enter a phone number' }),
});

export const quoteRequestSchema = z.object({
  lines: z
    .array(checkoutLineSchema)
    .min(1, { error: 'Add at least one item to ask for a quote.' })
    .max(MAX_QUOTE_LINES, { error: `A quote takes at most ${MAX_QUOTE_LINES} lines.` }),
  message: text({ max: 2000, multiline: true, label: 'Message' }).optional(),
  /** Only for guests: a signed-in buyer's details come from their account. */
  contact: guestContactSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Dollars as typed ('12', '12.5', '1,200.00') → cents; refuses more than two decimals. */
const price = z
  .string()
  .trim()
  .transform((v) => v.replace(/[$,\s]/g, ''))
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'Enter a price such as 12.50' }))
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().int().min(1, { error: 'A price must be above $0.00' }));

export const quoteAnswerSchema = z.object({
  quoteId: z.uuid(),
  prices: z.array(z.object({ position: z.number().int().min(1).max(500), price })).min(1),
  validUntil: z.string().regex(DAY, { error: 'Choose the last day the prices hold' }),
  message: text({ max: 2000, multiline: true, label: 'Message' }).optional(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

export const quoteDeclineSchema = z.object({
  quoteId: z.uuid(),
  reason: text({ max: 1000, min: 1, multiline: true, label: 'Reason', minMessage: 'Please give the buyer a reason' }),
});
