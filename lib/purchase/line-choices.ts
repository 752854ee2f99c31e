// What a bought line was, as data: the buyer's choices (the cart's specifications) and the price rule that applied.
// Stored on each order line (order_items.choices) beside the text summary; whatever shows or reorders a line reads
// these, never the text. Pure.
import { z } from 'zod';
import type { Category } from '../catalog/categories';
import { specificationEntries, type SpecificationEntry } from './labels';
import type { CartSpecifications } from './types';
import { breakSpecification } from './volume-pricing';
import { groupPriceLabel } from './price-labels';

const text = (max: number) => z.string().trim().min(1).max(max);

export const lineChoicesSchema = z.object({
  stoneType: z.enum(['stone1', 'stone2']).optional(),
  stoneName: text(200).nullable().optional(),
  size: text(20).nullable().optional(),
  style: z.enum(['necklace', 'bracelet']).nullable().optional(),
  material: text(40).nullable().optional(),
  /** The volume break the line was charged at, in percent. */
  percentOff: z.number().positive().max(100).nullable().optional(),
  /** The quote the line was bought from, at the quote's price ('Q-5007'). */
  quoteReference: text(40).nullable().optional(),
  /** The buyer's price group whose price the line was charged at (lib/purchase/group-pricing.ts). */
  priceGroup: z.object({ id: z.uuid(), name: text(60) }).nullable().optional(),
  /** Which rule priced the line: the list price, the group's percentage or fixed price, a volume break, a quote. */
  priceRule: z.enum(['list', 'group_percent', 'group_fixed', 'break', 'quote']).optional(),
});

export type LineChoices = z.infer<typeof lineChoicesSchema>;

/** A stored value read back; anything that is not a line's choices reads as none. */
export function readLineChoices(value: unknown): LineChoices {
  const parsed = lineChoicesSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The choices to store for a priced line: its specifications, and the break or quote it was priced by. */
export function lineChoices(
  specifications: CartSpecifications,
  rule: {
    percentOff?: number | null;
    quoteReference?: string | null;
    priceGroup?: { id: string; name: string } | null;
    priceRule?: LineChoices['priceRule'];
  } = {},
): LineChoices {
  const choices: LineChoices = {};
  if (specifications.stoneType) choices.stoneType = specifications.stoneType;
  if (specifications.stoneName?.trim()) choices.stoneName = specifications.stoneName.trim();
  if (specifications.size?.trim()) choices.size = specifications.size.trim();
  if (specifications.style) choices.style = specifications.style;
  if (specifications.material?.trim()) choices.material = specifications.material.trim();
  if (rule.percentOff) choices.percentOff = rule.percentOff;
  if (rule.quoteReference) choices.quoteReference = rule.quoteReference;
  if (rule.priceGroup) choices.priceGroup = rule.priceGroup;
  if (rule.priceRule) choices.priceRule = rule.quoteReference ? 'quote' : rule.priceRule;
  return choices;
}

/** The cart's specifications of stored choices (the price rule is not a choice). */
export function choicesSpecifications(choices: LineChoices): CartSpecifications {
  return {
    ...(choices.stoneType ? { stoneType: choices.stoneType } : {}),
    stoneName: choices.stoneName ?? null,
    size: choices.size ?? null,
    material: choices.material ?? null,
    style: choices.style ?? null,
  };
}

/** The price rule a line was bought at, in the buyer's words: 'Volume −5%' (as checkout writes it), 'Quote Q-5007'. */
export function priceRuleText(choices: LineChoices): string | null {
  if (choices.quoteReference) return `Quote ${choices.quoteReference}`;
  if (choices.percentOff) return breakSpecification({ percentOff: choices.percentOff });
  return choices.priceGroup ? groupPriceLabel(choices.priceGroup.name) : null;
}

/**
 * The choices as labelled entries ('Stone: Ruby', 'Ring Size: 7'), the lists' form. A line whose category is not
 * known (an old line of a deleted product) reads as a piece that is not a ring: the category only tells rings apart.
 */
export function choicesEntries(choices: LineChoices, category: Category | null): SpecificationEntry[] {
  return specificationEntries(choicesSpecifications(choices), category ?? 'earrings');
}

/**
 * A bought line in words, where one line of text is shown (invoices, mail, the confirmation, the back office): the
 * entries joined with ', ', then the price rule. 'Stone: Ruby, Ring Size: 7, Material: Gold, Volume −5%'.
 */
export function choicesText(choices: LineChoices, category: Category | null): string {
  return [...choicesEntries(choices, category).map((e) => `${e.label}: ${e.value}`), priceRuleText(choices)]
    .filter(Boolean)
    .join(', ');
}
