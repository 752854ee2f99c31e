// The bulk actions of a category screen's list view: what they may be asked, their limits, the price rule and the
// words they show. Pure: the confirmation dialog and the server actions read the same rules.
import { z } from 'zod';
import { isUuid } from '../../core/validation/text';
import { categoryField } from './schema';
import { listFilterSchema, type ProductStatus } from './list-params';
import { formatRingSizes, parseRingSizes } from '../../catalog/ring-sizes';

/** Rows picked one by one: a page is 20, so 1,000 is fifty pages of ticking. More goes through 'all matching'. */
export const MAX_PICKED = 1_000;
export const PERCENT_MIN = -90;
export const PERCENT_MAX = 500;

export const TOO_MANY_PICKED = `At most ${MAX_PICKED.toLocaleString('en-US')} products can be picked one by one. Use 'Select all matching' for more.`;
export const NOT_IN_CATEGORY = 'Some of the selected products are not in this category (or no longer exist). Nothing was changed.';
export const MATCHING_CHANGED = 'The products matching the filters changed since you confirmed. Nothing was changed; check the list and try again.';
export const PERCENT_RANGE = `The change must be between ${PERCENT_MIN}% and +${PERCENT_MAX}%.`;
export const PRICE_TOO_LARGE = 'That change would take a price above $99,999,999.99. Nothing was changed.';

/** Which products a bulk action applies to: ids ticked on the list, or every product matching the list's filters. */
export const bulkTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('ids'),
      ids: z
        .array(z.string().refine(isUuid, { error: 'That is not a product id.' }), { error: 'Send the product ids.' })
        .min(1, { error: 'Select at least one product.' })
        .max(MAX_PICKED, { error: TOO_MANY_PICKED })
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    }),
    z.object({
      kind: z.literal('matching'),
      filter: listFilterSchema,
      /** The count the admin confirmed: a different count on the server refuses the action. */
      expected: z.number({ error: 'Send the count you confirmed.' }).int().min(1).max(10_000_000),
    }),
  ],
  { error: 'Send the products to change.' },
);
export type BulkTarget = z.output<typeof bulkTargetSchema>;

const base = { category: categoryField, target: bulkTargetSchema };

export const ONE_READINESS_CHOICE = 'Choose either to publish anyway or to publish only the ready ones.';

/** Publishing products that are not ready (readiness.ts) is asked for by name: all of them anyway, or the ready ones only. */
export const bulkStatusInput = z
  .object(
    {
      ...base,
      status: z.enum(['draft', 'active', 'archived'], { error: 'Unknown status.' }),
      publishAnyway: z.boolean({ error: 'Publish anyway must be true or false.' }).optional(),
      onlyReady: z.boolean({ error: 'Only the ready ones must be true or false.' }).optional(),
    },
    { error: 'Send the category, the products and the status.' },
  )
  .refine((v) => !(v.publishAnyway && v.onlyReady), { error: ONE_READINESS_CHOICE });

export const BULK_FLAGS = { new: 'is_new_arrival', mens: 'is_mens_jewelry' } as const;
export type BulkFlag = keyof typeof BULK_FLAGS;
export const bulkFlagInput = z.object({ ...base, flag: z.enum(['new', 'mens'], { error: 'Unknown option.' }), value: z.boolean({ error: 'Set or unset?' }) }, { error: 'Send the category, the products and the option.' });

/** A percent with at most two decimals, from −90 to +500, never 0. */
export const percentField = z
  .number({ error: 'The change must be a number of percent.' })
  .refine((p) => Number.isFinite(p) && p >= PERCENT_MIN && p <= PERCENT_MAX, { error: PERCENT_RANGE })
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, { error: 'The change can have at most 2 decimals.' })
  .refine((p) => p !== 0, { error: 'A change of 0% changes nothing.' })
  .transform((p) => Math.round(p * 100) / 100);
export const bulkPriceInput = z.object({ ...base, percent: percentField }, { error: 'Send the category, the products and the percent.' });

export const bulkDeleteInput = z.object(base, { error: 'Send the category and the products.' });
/** A read about the products picked (how many are not ready before a publish). */
export const bulkCheckInput = z.object(base, { error: 'Send the category and the products.' });

export const SIZES_RINGS_ONLY = 'Ring sizes can only be set on rings.';
export const BULK_SIZES_NOTE = 'Adjustable rings among them are skipped: they are sold without sizes. The change is written to each ring’s history.';
export const SIZES_REQUIRED = 'Enter the sizes to set, for example "5-9, 10".';
/** Longer than any list of sizes needs. */
const SIZES_TEXT_MAX = 500;

/** The readable list of sizes the bulk bar sends ('5-9, 10'), as the product form and the CSV read it; never blank. */
export const bulkSizesField = z
  .string({ error: SIZES_REQUIRED })
  .max(SIZES_TEXT_MAX, { error: SIZES_REQUIRED })
  .transform((text, ctx): string[] => {
    const parsed = parseRingSizes(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    else if (parsed.sizes.length === 0) ctx.addIssue({ code: 'custom', message: SIZES_REQUIRED });
    return parsed.ok ? parsed.sizes : [];
  });
export const bulkSizesInput = z.object(
  { category: z.literal('rings', { error: SIZES_RINGS_ONLY }), target: bulkTargetSchema, sizes: bulkSizesField },
  { error: 'Send the products and the sizes.' },
);

/** The percent in hundredths (5.25% → 525): the price rule works on whole numbers. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * A price after a change of `percent`: rounded to the cent (half away from zero, as Postgres' round does), never
 * below $0.01. An unpriced cell (none, or 0: only prices above zero count) stays as it is. In cents.
 */
export function changedPriceCents(cents: number | null, percent: number): number | null {
  if (cents === null || cents <= 0) return cents;
  const scaled = cents * (10_000 + basisPoints(percent));
  const rounded = Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5_000) / 10_000);
  return Math.max(1, rounded);
}

export const percentLabel = (percent: number): string => `${percent > 0 ? '+' : ''}${percent}%`;

const products = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;
const rings = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'ring' : 'rings'}`;

/** Some rings of the target charge more from a size the new list leaves out: the rings table would refuse them. */
export function surchargeLeftOut(n: number, fromSizes: readonly string[]): string {
  const sizes = fromSizes.length === 1 ? `size ${fromSizes[0]}` : `sizes ${fromSizes.join(', ')}`;
  return `${rings(n)} ${n === 1 ? 'has' : 'have'} a size surcharge from ${sizes}, which the list leaves out. Nothing was changed: add the size to the list, or change the surcharge in the product first.`;
}

const STATUS_VERB: Record<ProductStatus, { verb: string; done: string; note: string }> = {
  active: { verb: 'Publish', done: 'published', note: 'Bulk: published' },
  draft: { verb: 'Unpublish', done: 'unpublished (draft)', note: 'Bulk: unpublished' },
  archived: { verb: 'Archive', done: 'archived', note: 'Bulk: archived' },
};
const FLAG_LABEL: Record<BulkFlag, string> = { new: 'New', mens: "Men's" };

export type BulkRequest =
  | { kind: 'status'; status: ProductStatus }
  | { kind: 'flag'; flag: BulkFlag; value: boolean }
  | { kind: 'price'; percent: number }
  | { kind: 'sizes'; sizes: string[] }
  | { kind: 'delete' };

/** The note the product history gets for each change the action makes. */
export function bulkNote(request: BulkRequest): string {
  switch (request.kind) {
    case 'status':
      return STATUS_VERB[request.status].note;
    case 'flag':
      return `Bulk: ${request.value ? 'set' : 'unset'} ${FLAG_LABEL[request.flag]}`;
    case 'price':
      return `Bulk: prices ${percentLabel(request.percent)}`;
    case 'sizes':
      return `Bulk: ring sizes ${formatRingSizes(request.sizes)}`;
    case 'delete':
      return 'Bulk: deleted';
  }
}

/** The confirmation dialog's question, with the count. */
export function bulkQuestion(request: BulkRequest, n: number): string {
  switch (request.kind) {
    case 'status':
      return `${STATUS_VERB[request.status].verb} ${products(n)}?`;
    case 'flag':
      return `${request.value ? 'Mark' : 'Unmark'} ${products(n)} as ${FLAG_LABEL[request.flag]}?`;
    case 'price':
      return `Change every price of ${products(n)} by ${percentLabel(request.percent)}?`;
    case 'sizes':
      return `Set the sizes of ${rings(n)} to US ${formatRingSizes(request.sizes)}?`;
    case 'delete':
      return `Delete ${products(n)}?`;
  }
}

/** The toast once it is done; `skipped`: adjustable rings a sizes change left alone. */
export function bulkDone(request: BulkRequest, n: number, skipped = 0): string {
  switch (request.kind) {
    case 'status':
      return `${products(n)} ${STATUS_VERB[request.status].done}`;
    case 'flag':
      return `${products(n)} ${request.value ? 'marked' : 'unmarked'} as ${FLAG_LABEL[request.flag]}`;
    case 'price':
      return `Prices of ${products(n)} changed by ${percentLabel(request.percent)}`;
    case 'sizes': {
      const set = `Sizes of ${rings(n)} set to US ${formatRingSizes(request.sizes)}`;
      return skipped > 0 ? `${set}; ${rings(skipped)} skipped because ${skipped === 1 ? 'it is' : 'they are'} adjustable` : set;
    }
    case 'delete':
      return `${products(n)} deleted`;
  }
}
