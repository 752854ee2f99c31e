// The editable columns of each product table, in the order the product modal groups them and the CSV file lists
// them. Pure data, safe on client and server: the form, the schema, the import and the export all read this one list.
import { BRACELET_SIZES, NECKLACE_LENGTHS, type Category } from '../../catalog/categories';

export type StoneNumber = 1 | 2;
export type ItemType = 'necklace' | 'bracelet';

/** Free-text columns of one table beside the common ones (name, sku, description, material, stone). */
export interface TextField {
  column: string;
  label: string;
  max: number;
}

export interface FlagField {
  column: string;
  label: string;
}

export interface PriceField {
  column: string;
  /** The option the price is for: '16"', '6.5"' or 'Price'. */
  label: string;
  stone: StoneNumber;
  /** Necklace and bracelet tables price each length or size; the others have one price per stone. */
  itemType: ItemType | null;
}

export interface CategoryFields {
  texts: readonly TextField[];
  /** necklace_type is the only column with a closed set of values. */
  hasNecklaceType: boolean;
  flags: readonly FlagField[];
  prices: readonly PriceField[];
  /** Whether Price Information offers the Item Type toggle (Necklace or Bracelet). */
  itemTypes: readonly ItemType[];
  /** Sold by US ring size, with an optional surcharge from a size up (rings only). */
  ringSizes: boolean;
}

export const NECKLACE_TYPES = ['Chain', 'Pendant'] as const;
export type NecklaceType = (typeof NECKLACE_TYPES)[number];

/** Options every table has; the modal's Options column lists these first. */
export const COMMON_FLAGS: readonly FlagField[] = [
  { column: 'is_new_arrival', label: 'New Arrival' },
  { column: 'is_mens_jewelry', label: "Men's Jewelry" },
];

const ADJUSTABLE: FlagField = { column: 'is_adjustable', label: 'Adjustable' };

const stonePrices = (): PriceField[] =>
  ([1, 2] as const).map((stone) => ({ column: `price_stone${stone}`, label: 'Price', stone, itemType: null }));

const sizeKey = (size: string) => size.replace('.', '_');

/** n_price_16_stone1 … n_price_30_stone2, then b_price_6_stone1 … b_price_8_5_stone2. */
const familyPrices = (): PriceField[] => [
  ...NECKLACE_LENGTHS.flatMap((length) =>
    ([1, 2] as const).map((stone) => ({ column: `n_price_${length}_stone${stone}`, label: `${length}"`, stone, itemType: 'necklace' as const })),
  ),
  ...BRACELET_SIZES.flatMap((size) =>
    ([1, 2] as const).map((stone) => ({ column: `b_price_${sizeKey(size)}_stone${stone}`, label: `${size}"`, stone, itemType: 'bracelet' as const })),
  ),
];

const text = (column: string, label: string, max = 100): TextField => ({ column, label, max });

export const CATEGORY_FIELDS: Record<Category, CategoryFields> = {
  rings: { texts: [], hasNecklaceType: false, flags: [ADJUSTABLE], prices: stonePrices(), itemTypes: [], ringSizes: true },
  necklaces: {
    texts: [text('chain_length', 'Chain Length'), text('clasp_type', 'Clasp Type')],
    hasNecklaceType: true,
    flags: [ADJUSTABLE, { column: 'is_bracelet', label: 'Also a Bracelet' }],
    prices: familyPrices(),
    itemTypes: ['necklace', 'bracelet'],
    ringSizes: false,
  },
  bracelets: {
    texts: [text('clasp_type', 'Clasp Type')],
    hasNecklaceType: false,
    flags: [ADJUSTABLE, { column: 'is_necklace', label: 'Also a Necklace' }],
    prices: familyPrices(),
    itemTypes: ['bracelet', 'necklace'],
    ringSizes: false,
  },
  earrings: {
    texts: [text('earring_type', 'Earring Type'), text('closure_type', 'Closure Type')],
    hasNecklaceType: false,
    flags: [],
    prices: stonePrices(),
    itemTypes: [],
    ringSizes: false,
  },
  body_jewelry: {
    texts: [text('jewelry_type', 'Jewelry Type'), text('size', 'Size', 50), text('gauge', 'Gauge', 50)],
    hasNecklaceType: false,
    flags: [],
    prices: stonePrices(),
    itemTypes: [],
    ringSizes: false,
  },
};

export const NAME_MAX = 200;
export const SKU_MAX = 64;
export const DESCRIPTION_MAX = 5000;
export const STONE_MAX = 100;
export const IMAGE_URL_MAX = 2048;
/** numeric(10,2): eight digits before the point. */
export const MAX_AMOUNT = 99_999_999.99;
export const MAX_MOQ = 1_000_000;
export const UNTITLED_PRODUCT = 'Untitled Product';

/** A ring's sizing columns: the sizes offered, and the surcharge with the size it starts from. */
export const RING_SIZING_COLUMNS = ['sizes', 'size_surcharge', 'size_surcharge_from'] as const;
/** The same in the CSV file: the surcharge is one cell, '2.00 from 10'. */
export const RING_SIZING_CSV_COLUMNS = ['sizes', 'size_surcharge'] as const;

/** When a product ships (lib/catalog/lead-time.ts): the modal's kind and numbers; one `lead_time` cell in the CSV. */
export const LEAD_TIME_COLUMNS = ['lead_time_kind', 'lead_time_min', 'lead_time_max'] as const;

/** Every option column of a table: the common ones, then the table's own. */
export function flagFields(category: Category): FlagField[] {
  return [...COMMON_FLAGS, ...CATEGORY_FIELDS[category].flags];
}

export function priceColumns(category: Category): string[] {
  return CATEGORY_FIELDS[category].prices.map((p) => p.column);
}

/** The prices the modal shows for one Item Type and Stone choice. */
export function visiblePrices(category: Category, itemType: ItemType | null, stone: StoneNumber): PriceField[] {
  return CATEGORY_FIELDS[category].prices.filter((p) => p.stone === stone && p.itemType === (CATEGORY_FIELDS[category].itemTypes.length ? itemType : null));
}

/** The columns only some tables have: necklace_type, their own texts, options and prices. */
function tableColumns(category: Category): string[] {
  const f = CATEGORY_FIELDS[category];
  return [
    ...(f.hasNecklaceType ? ['necklace_type'] : []),
    ...f.texts.map((t) => t.column),
    ...flagFields(category).map((x) => x.column),
    ...priceColumns(category),
  ];
}

/** The table columns a product save writes (stone_details is built from stone1 and stone2). */
export function writeColumns(category: Category): string[] {
  const sizing = CATEGORY_FIELDS[category].ringSizes ? RING_SIZING_COLUMNS : [];
  return ['name', 'sku', 'description', 'material', 'stone', 'stone_details', 'weight', 'moq', 'pack_size', 'price_breaks', ...LEAD_TIME_COLUMNS, ...tableColumns(category), ...sizing, 'status'];
}

/**
 * The CSV file's columns, in order: what the import reads and the export writes. `stone1` and `stone2` are the names
 * of the stone choices (stone_details); `status` is draft, active or archived (blank: active); `image_url` is the
 * primary image; a ring's `sizes` ('5-9, 10') and `size_surcharge` ('2.00 from 10') follow its own columns;
 * `lead_time` is '2 days' (in stock) or '3-4 weeks' (made to order).
 */
export function csvColumns(category: Category): string[] {
  const sizing = CATEGORY_FIELDS[category].ringSizes ? RING_SIZING_CSV_COLUMNS : [];
  return ['sku', 'name', 'description', 'material', 'stone', 'stone1', 'stone2', 'weight', 'moq', 'pack_size', 'price_breaks', 'lead_time', ...tableColumns(category), ...sizing, 'status', 'image_url'];
}
