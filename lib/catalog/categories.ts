// The five product tables, their detail routes and image owner keys. Pure data and mapping: safe on client and server.

export const CATEGORIES = ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_INFO: Record<
  Category,
  { label: string; route: string; imageOwnerKey: string; singular: string }
> = {
  rings: { label: 'Rings', route: 'rings', imageOwnerKey: 'ring_id', singular: 'ring' },
  necklaces: { label: 'Necklaces', route: 'necklaces', imageOwnerKey: 'necklace_id', singular: 'necklace' },
  bracelets: { label: 'Bracelets', route: 'bracelets', imageOwnerKey: 'bracelet_id', singular: 'bracelet' },
  earrings: { label: 'Earrings', route: 'earrings', imageOwnerKey: 'earring_id', singular: 'earring' },
  body_jewelry: { label: 'Body Jewelry', route: 'body-jewelry', imageOwnerKey: 'body_jewelry_id', singular: 'body jewelry' },
};

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** `/rings/{id}`, `/body-jewelry/{id}`, …: the detail route of a product. */
export function productPath(category: Category, id: string): string {
  return `/${CATEGORY_INFO[category].route}/${id}`;
}

/** Detail route segment (`body-jewelry`) to table name (`body_jewelry`), or null. */
export function categoryFromRoute(segment: string): Category | null {
  const table = segment.replace(/-/g, '_');
  return isCategory(table) ? table : null;
}

export const MATERIALS = ['silver', 'gold', 'rose-gold'] as const;
export type Material = (typeof MATERIALS)[number];

/** 'rose-gold' → 'Rose Gold' (capitalised, hyphen shown as space). */
export function materialLabel(material: string | null | undefined): string {
  if (!material) return '';
  return material
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export const NECKLACE_LENGTHS = ['16', '18', '20', '22', '24', '26', '28', '30'] as const;
export const BRACELET_SIZES = ['6', '6.5', '7', '7.5', '8', '8.5'] as const;
export type NecklaceLength = (typeof NECKLACE_LENGTHS)[number];
export type BraceletSize = (typeof BRACELET_SIZES)[number];

export const PAGE_SIZE = 20;
