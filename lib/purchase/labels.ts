// The one wording of a product's chosen options, wherever they are shown: the product page's selection line, the
// cart, the checkout summary, order_items.specifications, and a bought line's stored choices (line-choices.ts), which
// the confirmation, account, admin pages, invoices and mails read.
import { materialLabel, type Category } from '../catalog/categories';
import type { CartSpecifications } from './types';

export interface SpecificationEntry {
  label: 'Stone' | 'Bracelet Size' | 'Necklace Length' | 'Ring Size' | 'Size' | 'Material' | 'Style';
  value: string;
}

/** 18 → 18"; sizes that carry their own unit are shown as stored. */
export function withInchMark(size: string): string {
  const text = size.trim();
  return /^\d+(\.\d+)?$|^(\d+ )?\d+\/\d+$/.test(text) ? `${text}"` : text;
}

/** The stone by its name; a piece without a named stone shows no stone line (never 'Stone 1'). */
function stoneValue(specs: CartSpecifications): string | null {
  return specs.stoneName?.normalize('NFC').trim() || null;
}

function sizeLabel(specs: CartSpecifications, category: Category): SpecificationEntry['label'] {
  if (specs.style === 'bracelet') return 'Bracelet Size';
  if (specs.style === 'necklace') return 'Necklace Length';
  return category === 'rings' ? 'Ring Size' : 'Size';
}

/** Stone, size (Bracelet Size / Necklace Length with an inch mark, Ring Size as a US size), Material, Style (never for rings). */
export function specificationEntries(specs: CartSpecifications, category: Category): SpecificationEntry[] {
  const entries: SpecificationEntry[] = [];
  const stone = stoneValue(specs);
  if (stone) entries.push({ label: 'Stone', value: stone });
  const size = specs.size?.trim();
  if (size) {
    const label = sizeLabel(specs, category);
    entries.push({ label, value: label === 'Ring Size' ? size : withInchMark(size) });
  }
  const material = materialLabel(specs.material?.trim());
  if (material) entries.push({ label: 'Material', value: material });
  if (specs.style && category !== 'rings') {
    entries.push({ label: 'Style', value: specs.style === 'necklace' ? 'Necklace' : 'Bracelet' });
  }
  return entries;
}

/** 'Stone: Ruby, Necklace Length: 18", Material: Rose Gold, Style: Necklace' */
export function specificationsText(item: {
  specifications: CartSpecifications;
  product: { category: Category };
}): string {
  return specificationEntries(item.specifications, item.product.category)
    .map((e) => `${e.label}: ${e.value}`)
    .join(', ');
}
