// Staff's changes to a quote's lines before it is sent, as the form sends them: new quantities of kept lines, the
// lines to remove, and new lines by SKU with their choices. All of them are applied together or not at all
// (lines.ts). The form checks with the same schema first. Client-safe.
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../../cart/line-schema';
import { text } from '../../core/validation/text';
import { MAX_QUOTE_LINES } from '../../quotes/schema';

export const QUOTE_LINES_TEXT = {
  heading: 'Change lines',
  intro: 'Change quantities, add items by SKU or remove lines before you send the quote. Once it is sent, its lines are locked.',
  saved: 'Lines saved',
  failed: 'Failed to save the lines',
  nothing: 'Nothing has changed yet.',
  locked: 'This quote has been sent, so its lines are locked.',
  emptyQuote: 'A quote needs at least one line.',
  tooMany: `A quote takes at most ${MAX_QUOTE_LINES} lines.`,
  unsaved: 'Save or undo the line changes before you send the quote.',
  find: 'Find',
  add: 'Add line',
  notFound: (sku: string) => `No product has the SKU “${sku}”.`,
  missingLine: (position: number) => `Line ${position} is not on this quote. Reload the page and try again.`,
  goneProduct: (name: string) => `${name} is no longer sold, so its quantity cannot change. Remove the line instead.`,
} as const;

const quantity = z
  .number({ error: 'Enter a quantity' })
  .int({ error: 'Enter a whole number' })
  .min(1, { error: 'Enter a quantity of at least 1' })
  .max(MAX_LINE_QUANTITY, { error: `Enter a quantity of at most ${MAX_LINE_QUANTITY.toLocaleString('en-US')}` });
const position = z.number().int().min(1).max(500);

export const skuSchema = text({ max: 100, min: 1, label: 'SKU', minMessage: 'Type a SKU' });

export const quoteLineAddSchema = z.object({
  sku: skuSchema,
  quantity,
  specifications: z
    .object({
      stoneType: z.enum(['stone1', 'stone2']).nullish(),
      size: text({ max: 8 }).nullish(),
      style: z.enum(['necklace', 'bracelet']).nullish(),
    })
    .default({}),
});

export const quoteLinesSchema = z
  .object({
    quoteId: z.uuid({ error: 'This quote was not found.' }),
    quantities: z.array(z.object({ position, quantity })).max(MAX_QUOTE_LINES).default([]),
    remove: z.array(position).max(MAX_QUOTE_LINES).default([]),
    add: z.array(quoteLineAddSchema).max(MAX_QUOTE_LINES, { error: QUOTE_LINES_TEXT.tooMany }).default([]),
  })
  .refine((v) => v.quantities.length + v.remove.length + v.add.length > 0, { error: QUOTE_LINES_TEXT.nothing });
export type QuoteLinesInput = z.infer<typeof quoteLinesSchema>;

export const findQuoteProductSchema = z.object({ sku: skuSchema });
