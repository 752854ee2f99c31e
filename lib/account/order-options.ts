// An order line's options are stored as the cart's text ('Stone: Ruby, Necklace Length: 18", Material: Rose Gold,
// Style: Necklace', lib/purchase/labels.ts). Read back into the cart's specification fields, the account area labels
// them with the cart's own function, and Reorder can choose the same options again. Pure.
import type { Category } from '../catalog/categories';
import type { Style } from '../purchase/pricing';
import { specificationEntries, type SpecificationEntry } from '../purchase/labels';

export interface OrderLineOptions {
  stoneName: string | null;
  size: string | null;
  style: Style | null;
  /** As stored on products: 'rose-gold'. */
  material: string | null;
}

const LABELS: readonly SpecificationEntry['label'][] = ['Stone', 'Bracelet Size', 'Necklace Length', 'Size', 'Material', 'Style'];
// Split only before a known label, so a stone name holding ", " stays whole.
const SPLIT = new RegExp(`, (?=(?:${LABELS.join('|')}): )`);

/** The options in the text, or null when the text is not in the cart's format (it is then shown as it is). */
export function parseOrderLineOptions(text: string | null | undefined): OrderLineOptions | null {
  const options: OrderLineOptions = { stoneName: null, size: null, style: null, material: null };
  const source = text?.trim() ?? '';
  if (!source) return options;
  for (const part of source.split(SPLIT)) {
    const colon = part.indexOf(': ');
    const label = part.slice(0, colon) as SpecificationEntry['label'];
    const value = part.slice(colon + 2).trim();
    if (colon < 0 || !LABELS.includes(label) || !value) return null;
    switch (label) {
      case 'Stone':
        options.stoneName = value;
        break;
      case 'Bracelet Size':
      case 'Necklace Length':
      case 'Size':
        options.size = value.replace(/"$/, '');
        if (label !== 'Size') options.style ??= label === 'Bracelet Size' ? 'bracelet' : 'necklace';
        break;
      case 'Material':
        options.material = value.toLowerCase().replace(/\s+/g, '-');
        break;
      case 'Style':
        if (value !== 'Necklace' && value !== 'Bracelet') return null;
        options.style = value === 'Necklace' ? 'necklace' : 'bracelet';
        break;
    }
  }
  return options;
}

/** The labelled options of an order line, through the cart's label function; the raw text if it cannot be read. */
export function orderLineEntries(text: string | null | undefined, category: Category | null): SpecificationEntry[] | string {
  const options = parseOrderLineOptions(text);
  if (!options) return text?.trim() ?? '';
  // The category only decides whether a style is shown (never for rings).
  return specificationEntries(options, category ?? 'earrings');
}
