// Staff's decisions on a trade account, checked with zod in the form and again in the action: approve (a price
// group or none, and tax exemption until the certificate's expiry), decline with a reason, ask for more.
import { z } from 'zod';
import { text, uuidText } from '../../core/validation/text';
import { DECISION_TEXT } from './labels';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const approveSchema = z
  .strictObject({
    accountId: uuidText,
    priceGroupId: z.union([uuidText, z.literal('')]).transform((v) => v || null),
    taxExempt: z.boolean(),
    expiresOn: z.union([z.string().regex(DAY, { error: DECISION_TEXT.expiresRequired }), z.literal('')]).transform((v) => v || null),
  })
  .refine((v) => !v.taxExempt || v.expiresOn !== null, { error: DECISION_TEXT.expiresRequired, path: ['expiresOn'] });
export type ApproveInput = z.output<typeof approveSchema>;

export const declineSchema = z.strictObject({
  accountId: uuidText,
  reason: text({ max: 1000, min: 1, multiline: true, label: 'Reason', minMessage: DECISION_TEXT.reasonRequired }),
});
export type DeclineInput = z.output<typeof declineSchema>;

export const moreInfoSchema = z.strictObject({
  accountId: uuidText,
  message: text({ max: 1000, min: 1, multiline: true, label: 'Message', minMessage: DECISION_TEXT.messageRequired }),
});
export type MoreInfoInput = z.output<typeof moreInfoSchema>;
