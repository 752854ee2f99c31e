// The product page's purchase form in the browser: a selection moves through the views the server computed for it
// (lib/purchase/model.ts), so the price, option and label rules stay on the server. Type-only imports.
import type { CartProductSnapshot, CartSpecifications } from './types';
import type { StoneChoice, Style } from './pricing';
import type { ProductSelection } from './options';
import type { Steps } from './steps';

export interface PurchaseOption<T extends string> {
  value: T;
  label: string;
  /** Second line, e.g. the stone's name. */
  detail?: string | null;
  disabled?: boolean;
}

/** What one selection shows: its unit price (null: not for sale), the 'Your selection' words and its details. */
export interface PurchaseView {
  price: number | null;
  /** The list price beside a group's `price` (lib/purchase/group-pricing.ts: a break takes its percent off it). */
  listPrice?: number;
  summary: string;
  /** The Details list's rows this selection decides (stone, length or size, style), shown before the others. */
  details: Array<{ label: string; value: string }>;
}

export interface PurchaseModel {
  productId: string;
  moq: number;
  /** The quantity control's smallest quantity and pack, resolved on the server (pack-size.ts: stepsOf). */
  steps: Steps;
  initial: ProductSelection;
  stones: PurchaseOption<StoneChoice>[];
  styles: PurchaseOption<Style>[];
  /** Per style the page offers: the size after switching to it, the size group's legend and its hint. */
  styleInfo: Partial<Record<Style, { defaultSize: string | null; legend: string; hint?: string }>>;
  /** A ring's size group (legend and surcharge hint); null where sizes come with a style, or there are none. */
  ringSizeInfo: { legend: string; hint?: string } | null;
  /** Size options by `${stone}|${style}` (style empty for a ring). */
  sizes: Record<string, PurchaseOption<string>[]>;
  /** Every selection the page can reach, by selectionKey. */
  views: Record<string, PurchaseView>;
  stoneNames: Partial<Record<StoneChoice, string | null>>;
  material: string | null;
  cartProduct: CartProductSnapshot;
  /** The buyer's price group, where the page shows its prices. */
  groupName?: string;
  /** Where the shop hides prices from this visitor: what they must do to see them (lib/purchase/price-view.ts). */
  gate?: 'sign_in' | 'apply';
}

export function selectionKey(selection: ProductSelection): string {
  return `${selection.stoneType}|${selection.style ?? ''}|${selection.size ?? ''}`;
}

export function sizeOptionsKey(stone: StoneChoice, style: Style | null): string {
  return `${stone}|${style ?? ''}`;
}

export function purchaseView(model: PurchaseModel, selection: ProductSelection): PurchaseView {
  return model.views[selectionKey(selection)] ?? { price: null, summary: '', details: [] };
}

export function purchaseSizes(model: PurchaseModel, selection: ProductSelection): PurchaseOption<string>[] {
  return model.sizes[sizeOptionsKey(selection.stoneType, selection.style)] ?? [];
}

/** The size group's legend and hint for a selection: its style's, or a ring's; undefined without sizes. */
export function purchaseSizeInfo(model: PurchaseModel, selection: ProductSelection): { legend: string; hint?: string } | undefined {
  return (selection.style ? model.styleInfo[selection.style] : model.ringSizeInfo) ?? undefined;
}

/** Choosing a stone, style or size; a choice the page does not offer (or a disabled one) changes nothing. */
export function choose(
  model: PurchaseModel,
  selection: ProductSelection,
  change: { stone: StoneChoice } | { style: Style } | { size: string },
): ProductSelection {
  if ('stone' in change) {
    const option = model.stones.find((o) => o.value === change.stone);
    return option && !option.disabled ? { ...selection, stoneType: change.stone } : selection;
  }
  if ('style' in change) {
    const info = model.styleInfo[change.style];
    if (!info || selection.style === change.style) return selection;
    return { ...selection, style: change.style, size: info.defaultSize };
  }
  const option = purchaseSizes(model, selection).find((o) => o.value === change.size);
  return option && !option.disabled ? { ...selection, size: change.size } : selection;
}

/** The cart line's specifications: the same as cartSpecifications on the server. */
export function purchaseSpecifications(model: PurchaseModel, selection: ProductSelection): CartSpecifications {
  return {
    stoneType: selection.stoneType,
    stoneName: model.stoneNames[selection.stoneType] ?? null,
    size: selection.size,
    material: model.material,
    style: selection.style,
  };
}
