// Card rows of the cross-category view, as listings, search and the home page read them.
import type { Category } from './categories';
import type { ProductSummary } from './types';

export const SUMMARY_COLUMNS = 'id, category, name, sku, moq, pack_size, material, stone_name, image_url, price_from, default_price, created_at';

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
}

export function toSummary(row: SummaryRow): ProductSummary {
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
    default_price: row.default_price === null ? null : Number(row.default_price),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}
