import 'server-only';
// A group's page: the group and one page of its fixed prices in SKU order, each with its product, the option in
// words and the list prices it replaces; and the removal of one fixed price. Read and written as the admin under RLS.
import { isCategory, type Category } from '../../catalog/categories';
import { toProduct } from '../../catalog/product';
import { ActionError } from '../../core/action-result';
import { withActor, type DbActor, type Tx } from '../../core/db';
import { formatDollars } from '../../core/format/money';
import { totalPagesFor } from '../../core/pagination';
import { readPriceGroup, type PriceGroupRow } from './groups';
import { PRICE_TEXT } from './labels';
import { listPriceRange, optionWords, type PriceOption, type StoneKey, type StyleKey } from './options';

export const FIXED_PRICES_PAGE_SIZE = 50;

export interface FixedPriceView extends PriceOption {
  productId: string;
  category: Category;
  sku: string | null;
  name: string | null;
  optionText: string;
  /** '$12.00' or '$12.00 – $14.00' over the options it covers; PRICE_TEXT.noListPrice when none is sold today. */
  listPrice: string;
  /** '12.50' */
  price: string;
}

export interface GroupPage {
  group: PriceGroupRow;
  prices: FixedPriceView[];
  page: number;
  totalPages: number;
}

type Row = {
  product_id: string;
  category: string;
  stone: StoneKey;
  style: StyleKey;
  size: string;
  price: string;
  product: Record<string, unknown> | null;
};

const TABLES = ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] as const;

/** The SKU of each fixed price `p`, from its own product table by id: the joins, and the column. */
export function skuOfPrice(tx: Tx) {
  const joins = TABLES.map((t, i) => tx`left join ${tx('public.' + t)} ${tx('t' + i)} on p.category = ${t} and ${tx('t' + i)}.id = p.product_id`).reduce(
    (a, b) => tx`${a} ${b}`,
  );
  return { joins, sku: tx.unsafe(`coalesce(${TABLES.map((_, i) => `t${i}.sku`).join(', ')})`) };
}

/** One page by SKU, then the page's products read whole. */
function pageQuery(tx: Tx, groupId: string, limit: number, offset: number) {
  const { joins, sku } = skuOfPrice(tx);
  const whole = TABLES.map(
    (t) => tx`select to_jsonb(x) - 'search_vector' - 'name_vector' as product from ${tx('public.' + t)} x where page.category = ${t} and x.id = page.product_id`,
  ).reduce((a, b) => tx`${a} union all ${b}`);
  return tx<Row[]>`
    with page as (
      select p.product_id, p.category, p.stone, p.style, p.size, p.price::text as price, ${sku} as sku
        from public.price_group_prices p ${joins}
       where p.group_id = ${groupId}
       order by ${sku} nulls last, p.product_id, p.stone, p.style, nullif(p.size, '')::numeric nulls first
       limit ${limit} offset ${offset})
    select page.product_id, page.category, page.stone, page.style, page.size, page.price, w.product
      from page left join lateral (${whole}) w on true
     order by page.sku nulls last, page.product_id, page.stone, page.style, nullif(page.size, '')::numeric nulls first`;
}

function toView(r: Row): FixedPriceView | null {
  if (!isCategory(r.category)) return null;
  const option: PriceOption = { stone: r.stone, style: r.style, size: r.size };
  const product = r.product ? toProduct(r.category, r.product) : null;
  const range = product ? listPriceRange(product, option) : null;
  const listPrice = !range ? PRICE_TEXT.noListPrice : range.min === range.max ? formatDollars(range.min) : `${formatDollars(range.min)} – ${formatDollars(range.max)}`;
  return {
    ...option,
    productId: r.product_id,
    category: r.category,
    sku: product?.sku ?? null,
    name: product?.name ?? null,
    optionText: optionWords(option, product),
    listPrice,
    price: r.price,
  };
}

/** Null when there is no such group. A page past the last shows the last. */
export async function loadGroupPage(actor: DbActor, groupId: string, pageParam: number): Promise<GroupPage | null> {
  return withActor(actor, async (tx) => {
    const group = await readPriceGroup(tx, groupId);
    if (!group) return null;
    const totalPages = totalPagesFor(group.fixedPrices, FIXED_PRICES_PAGE_SIZE);
    const page = Math.max(1, Math.min(pageParam, totalPages || 1));
    const rows = await pageQuery(tx, groupId, FIXED_PRICES_PAGE_SIZE, (page - 1) * FIXED_PRICES_PAGE_SIZE);
    return { group, prices: rows.flatMap((r) => toView(r) ?? []), page, totalPages };
  });
}

export async function deleteFixedPrice(tx: Tx, key: { groupId: string; productId: string } & PriceOption): Promise<void> {
  const deleted = await tx`
    delete from public.price_group_prices
     where group_id = ${key.groupId} and product_id = ${key.productId}
       and stone = ${key.stone} and style = ${key.style} and size = ${key.size}`;
  if (deleted.count === 0) throw new ActionError(PRICE_TEXT.gone, 404);
}
