// A cart line as the browser sends it to the server (to check out, or to estimate shipping): product id, chosen
// options and quantity. Nothing else is read; a price in the request is dropped by the schema.
import { z } from 'zod';
import { text } from '../core/validation/text';

export const MAX_LINE_QUANTITY = 100_000;

export const cartLineSchema = z.object({
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

export type CartLineInput = z.infer<typeof cartLineSchema>;
