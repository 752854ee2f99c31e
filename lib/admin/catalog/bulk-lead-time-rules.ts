// The list view's bulk lead time: what the bar may send and the words it and the history show. Pure: the bar and
// the server action read the same rules (bulk-lead-time.ts writes it).
import { z } from 'zod';
import { leadTimeLabel, leadTimeShort, type LeadTime } from '../../catalog/lead-time';
import { bulkTargetSchema } from './bulk-rules';
import { categoryField, leadTimeIssue, leadTimeKindField, leadTimeOf } from './schema';

const products = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** Days or weeks as typed: blank is null (the kind's default), anything but a whole number fails its check. */
const typedNumber = (x: number | string | null | undefined): number | null => {
  if (x === null || x === undefined || (typeof x === 'string' && x.trim() === '')) return null;
  if (typeof x === 'number') return x;
  return /^\s*\d{1,4}\s*$/.test(x) ? Number(x) : NaN;
};

/** A lead time as the bar sends it (kind, and days or weeks as typed), checked as the product form checks it. */
export const bulkLeadTimeInput = z
  .object(
    {
      category: categoryField,
      target: bulkTargetSchema,
      kind: leadTimeKindField,
      min: z.union([z.number(), z.string().max(10)]).nullish(),
      max: z.union([z.number(), z.string().max(10)]).nullish(),
    },
    { error: 'Send the products and the lead time.' },
  )
  .transform((v, ctx) => {
    const leadTime = leadTimeOf({ lead_time_kind: v.kind, lead_time_min: typedNumber(v.min), lead_time_max: typedNumber(v.max) });
    const issue = leadTimeIssue(leadTime);
    if (issue) {
      ctx.addIssue({ code: 'custom', path: [issue.path === 'lead_time_min' ? 'min' : 'max'], message: issue.message });
      return z.NEVER;
    }
    return { category: v.category, target: v.target, leadTime };
  });

export const bulkLeadTimeNote = (lt: LeadTime) => `Bulk: lead time ${leadTimeShort(lt)}`;
export const bulkLeadTimeQuestion = (lt: LeadTime, n: number) => `Set the lead time of ${products(n)} to “${leadTimeLabel(lt)}”?`;
export const bulkLeadTimeDone = (lt: LeadTime, n: number) => `Lead time of ${products(n)} set: ${leadTimeLabel(lt)}`;
