// A stored product as one line of the category's CSV file, in exactly the columns the import reads, so that export →
// edit → import changes only what was edited. Pure.
import type { Category } from '../../catalog/categories';
import { CATEGORY_FIELDS, csvColumns, flagFields, priceColumns } from './fields';
import { checkImageUrl } from './import-rows';
import { plainAmount } from '../../core/format/money';
import type { PriceBreak } from '../../purchase/volume-pricing';
import { formatPriceBreaks } from '../../purchase/price-breaks-text';
import { ringSizingCells } from './ring-sizing';
import { DEFAULT_LEAD_TIME, formatLeadTimeCell, readLeadTime } from '../../catalog/lead-time';

const plain = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The CSV cells of one product row (as read from its table), in csvColumns() order. An image_url outside the bucket
 * (data from elsewhere) is left out: an empty image_url leaves a product's images as they are on import.
 */
export function exportCells(category: Category, row: Record<string, unknown>, imagePrefix: string): string[] {
  const details = (row.stone_details ?? null) as { Stone1?: string | null; Stone2?: string | null } | null;
  const cells: Record<string, string> = {
    sku: plain(row.sku),
    name: plain(row.name),
    description: plain(row.description),
    material: plain(row.material),
    stone: plain(row.stone),
    stone1: plain(details?.Stone1),
    stone2: plain(details?.Stone2),
    weight: plainAmount(row.weight),
    moq: plain(row.moq ?? 1),
    pack_size: plain(row.pack_size ?? 1),
    price_breaks: formatPriceBreaks(Array.isArray(row.price_breaks) ? (row.price_breaks as PriceBreak[]) : []),
    lead_time: formatLeadTimeCell(readLeadTime(row) ?? DEFAULT_LEAD_TIME),
    status: plain(row.status ?? 'active'),
    image_url: checkImageUrl(plain(row.image_url), imagePrefix).ok ? plain(row.image_url) : '',
  };
  if (CATEGORY_FIELDS[category].hasNecklaceType) cells.necklace_type = plain(row.necklace_type);
  for (const t of CATEGORY_FIELDS[category].texts) cells[t.column] = plain(row[t.column]);
  for (const x of flagFields(category)) cells[x.column] = row[x.column] === true ? 'true' : 'false';
  for (const c of priceColumns(category)) cells[c] = plainAmount(row[c]);
  if (CATEGORY_FIELDS[category].ringSizes) Object.assign(cells, ringSizingCells(row));
  return csvColumns(category).map((c) => cells[c] ?? '');
}
