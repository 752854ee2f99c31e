// What the browser may send to start a checkout: product ids, chosen options and quantities. Nothing else is read;
// a price in the request is dropped by the schema and never reaches the pricing.
import { z } from 'zod';
import { cartLineSchema, MAX_LINE_QUANTITY } from '../cart/line-schema';

// A quick order adds up to 500 lines (lib/quick-order/parse.ts), and the cart must be able to pay for them.
export const MAX_CHECKOUT_LINES = 500;
export { MAX_LINE_QUANTITY };

/** The line schema every cart request shares (lib/cart/line-schema.ts). */
export const checkoutLineSchema = cartLineSchema;

export const checkoutRequestSchema = z.object({
  lines: z.array(checkoutLineSchema).max(MAX_CHECKOUT_LINES, { error: `a checkout takes at most ${MAX_CHECKOUT_LINES} lines` }),
});

export type CheckoutLineInput = z.infer<typeof checkoutLineSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
