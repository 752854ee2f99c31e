// What the quick-order page may send: SKUs as typed, quantities and option words, at most 500 lines. The answer's
// shape is the resolver's (resolve.ts). Shared by the route handler and the page.
import { z } from 'zod';
import { text } from '../core/validation/text';
import { MAX_LINE_QUANTITY } from '../checkout/lines';
import { MAX_QUICK_ORDER_LINES, tooManyLinesMessage } from './parse';

export const QUICK_ORDER_PATH = '/api/quick-order';
export const QUICK_ORDER_SUGGEST_PATH = '/api/quick-order/suggest';
/** 500 lines with options fit well inside; a 10,000-line paste still reaches the line-count message. */
export const MAX_QUICK_ORDER_BODY_BYTES = 2 * 1024 * 1024;

const option = text({ max: 40 }).optional();

export const quickOrderEntrySchema = z.object({
  sku: text({ max: 64, min: 1, label: 'SKU', minMessage: 'SKU must not be blank' }),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).nullable(),
  stone: option,
  size: option,
  style: option,
  material: option,
});

export const quickOrderRequestSchema = z.object({
  lines: z
    .array(z.unknown())
    .min(1, { error: 'Add at least one line.' })
    .check((ctx) => {
      if (ctx.value.length > MAX_QUICK_ORDER_LINES) ctx.issues.push({ code: 'custom', message: tooManyLinesMessage(ctx.value.length), input: ctx.value });
    })
    .pipe(z.array(quickOrderEntrySchema)),
});
