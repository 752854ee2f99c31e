// Card rows of the cross-category view, as listings, search and the home page read them.
import type { Category } from './categories';
import type { ProductSummary } from './types';
import { defaultRingSize, ringSizePrice } from './ring-sizes';

export const SUMMARY_COLUMNS =
  'id, category, name, sku, moq, pack_size, material, stone_name, image_url, price_from, default_price, created_at, ring_sizes, ring_size_surcharge, ring_size_surcharge_from';

export interface SummaryRow {
  id: string;
  category: string;
  name: string;
  sku: string | null;
  moq: number;
  pack_size: number;
  material: string | null;
  stone_name: string | null;
  image_url: string | null;
  price_from: string | null;
  default_price: string | null;
  created_at: Date | string;
  ring_sizes: string[] | null;
  ring_size_surcharge: string | null;
  ring_size_surcharge_from: string | null;
}

/** The card's opening size and its price: a ring's default size, with its surcharge where that size has one. */
function opening(row: SummaryRow): { size: string | null; price: number | null } {
  const base = row.default_price === null ? null : Number(row.default_price);
  const size = defaultRingSize(row.ring_sizes ?? []);
  if (base === null || size === null) return { size, price: base };
  const surcharge = row.ring_size_surcharge === null ? null : Number(row.ring_size_surcharge);
  return { size, price: ringSizePrice(base, { sizes: row.ring_sizes ?? [], surcharge, surchargeFrom: row.ring_size_surcharge_from }, size) };
}

export function toSummary(row: SummaryRow): ProductSummary {
  const { size, price } = opening(row);
  const surcharge = price !== null && row.default_price !== null ? Math.round((price - Number(row.default_price)) * 100) / 100 : 0;
  return {
    id: row.id,
    category: row.category as Category,
    name: row.name.normalize('NFC'),
    sku: row.sku,
    moq: row.moq,
    pack_size: row.pack_size,
    material: row.material,
    stone_name: row.stone_name,
    image_url: row.image_url,
    price_from: row.price_from === null ? null : Number(row.price_from),
    default_price: price,
    default_size: size,
    ...(surcharge > 0 ? { opening_surcharge: surcharge } : {}),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}
