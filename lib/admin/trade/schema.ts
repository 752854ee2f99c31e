// Staff's decisions on a trade account, checked with zod in the form and again in the action: approve (a price
// group or none, and tax exemption until the certificate's expiry), decline with a reason, ask for more; and the
// payment terms of an approved account.
import { z } from 'zod';
import { toCents } from '../../core/format/money';
import { text, uuidText } from '../../core/validation/text';
import { isTermsDays, type TermsDays } from '../../terms/rules';
import { DECISION_TEXT, TERMS_TEXT } from './labels';

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

/** The table's own bound (credit_limit_cents ≤ 100,000,000,000). */
export const MAX_CREDIT_LIMIT_DOLLARS = 1_000_000_000;
const DOLLARS = /^-?\d+(\.\d{1,2})?$/;

/** The select's '' (None), '15', '30', '60'; a number from a script too. */
const termsDaysField = z
  .union([z.string(), z.number(), z.null()], { error: TERMS_TEXT.daysInvalid })
  .transform((v) => (v === null || v === '' ? null : Number(v)))
  .refine((v) => v === null || isTermsDays(v), { error: TERMS_TEXT.daysInvalid })
  .transform((v) => v as TermsDays | null);

/** Dollars as typed ('5000', '5,000.50', '$5000'), to cents; '' is no limit. */
const creditLimitField = z
  .union([z.string(), z.number(), z.null()], { error: TERMS_TEXT.limitInvalid })
  .transform((v) => (v === null ? '' : String(v).trim().replace(/^\$\s*/, '').replace(/,/g, '')))
  .refine((v) => v === '' || DOLLARS.test(v), { error: TERMS_TEXT.limitInvalid, abort: true })
  .refine((v) => v === '' || (Number(v) >= 0 && Number(v) <= MAX_CREDIT_LIMIT_DOLLARS), { error: TERMS_TEXT.limitRange })
  .transform((v) => (v === '' ? null : toCents(Number(v))));

export const termsSchema = z
  .strictObject({ accountId: uuidText, paymentTermsDays: termsDaysField, creditLimit: creditLimitField })
  .refine((v) => v.paymentTermsDays === null || v.creditLimit !== null, { error: TERMS_TEXT.limitRequired, path: ['creditLimit'] })
  // No terms, no limit: the table keeps both or neither.
  .transform((v) => ({
    accountId: v.accountId,
    paymentTermsDays: v.paymentTermsDays,
    creditLimitCents: v.paymentTermsDays === null ? null : v.creditLimit,
  }));
export type TermsFormInput = z.input<typeof termsSchema>;
export type TermsInput = z.output<typeof termsSchema>;
