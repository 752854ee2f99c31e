// What the group forms and the remove button send: the form checks with these first, the actions again. The table's
// own checks say the same (name 1–60 characters without control characters, 0 ≤ percent < 100). Client-safe.
import { z } from 'zod';
import { isUuid, text } from '../../core/validation/text';
import { canonicalSize, GROUP_NAME_MAX } from './csv-rows';
import { GROUP_TEXT, PRICE_TEXT } from './labels';

const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;

export const groupIdField = z.string({ error: GROUP_TEXT.gone }).refine(isUuid, { error: GROUP_TEXT.gone });

/** '10', '12.5', '' (0) → the stored figure as text, '12.50'. */
const percentField = z
  .union([z.string(), z.number()], { error: GROUP_TEXT.percentInvalid })
  .transform((v) => String(v).trim().replace(/\s*%$/, ''))
  .refine((v) => v === '' || PERCENT.test(v), { error: GROUP_TEXT.percentInvalid })
  .transform((v) => Number(v || 0).toFixed(2));

const groupFields = {
  name: text({ max: GROUP_NAME_MAX, min: 1, label: 'Name', minMessage: 'Name is required' }),
  percentOff: percentField,
};

export const createGroupSchema = z.object(groupFields, { error: 'Send the group’s name and percent off.' });
export const updateGroupSchema = z.object({ groupId: groupIdField, ...groupFields }, { error: 'Send the group, its name and percent off.' });
export const deleteGroupSchema = z.object({ groupId: groupIdField }, { error: 'Send the group to delete.' });

export const removePriceSchema = z.object(
  {
    groupId: groupIdField,
    productId: z.string({ error: PRICE_TEXT.gone }).refine(isUuid, { error: PRICE_TEXT.gone }),
    stone: z.enum(['', 'stone1', 'stone2'], { error: PRICE_TEXT.gone }),
    style: z.enum(['', 'necklace', 'bracelet'], { error: PRICE_TEXT.gone }),
    size: z.string({ error: PRICE_TEXT.gone }).refine((s) => s === '' || canonicalSize(s) === s, { error: PRICE_TEXT.gone }),
  },
  { error: 'Send the fixed price to remove.' },
);

export type GroupFormInput = z.input<typeof createGroupSchema>;
export type RemovePriceInput = z.input<typeof removePriceSchema>;
