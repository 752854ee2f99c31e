// What the browser may send to start a checkout: product ids, chosen options and quantities. Nothing else is read;
// a price in the request is dropped by the schema and never reaches the pricing.
import { z } from 'zod';
import { text } from '../core/validation/text';

// A quick order adds up to 500 lines (lib/quick-order/parse.ts), and the cart must be able to pay for them.
export const MAX_CHECKOUT_LINES = 500;
export const MAX_LINE_QUANTITY = 100_000;

export const checkoutLineSchema = z.object({
  productId: z.uuid({ error: 'productId must be a product id' }),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int({ error: 'quantity must be a whole number' })
    .min(1, { error: 'quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` }),
  specifications: z
    .object({
      stoneType: z.enum(['stone1', 'stone2']).nullish(),
      size: text({ max: 8 }).nullish(),
      style: z.enum(['necklace', 'bracelet']).nullish(),
    })
    .default({}),
});

export const checkoutRequestSchema = z.object({
  lines: z.array(checkoutLineSchema).max(MAX_CHECKOUT_LINES, { error: `a checkout takes at most ${MAX_CHECKOUT_LINES} lines` }),
});

export type CheckoutLineInput = z.infer<typeof checkoutLineSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
