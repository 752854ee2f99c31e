// The seeded price groups: Retail (list prices), Wholesale (10 % off) and Distributor (20 % off), with a few fixed
// prices for Distributor at three quarters of the list price: a ring in every option, an 18-inch necklace, an
// earring's first stone and a bracelet in every option. Written once with the rest of the seed; no trade account is
// put in a group, so nothing a buyer pays changes.
import type postgres from 'postgres';

export const SEED_PRICE_GROUPS = [
  { name: 'Retail', percentOff: 0 },
  { name: 'Wholesale', percentOff: 10 },
  { name: 'Distributor', percentOff: 20 },
] as const;

export async function insertPriceGroups(tx: postgres.TransactionSql): Promise<void> {
  for (const g of SEED_PRICE_GROUPS) {
    await tx`insert into public.price_groups (name, percent_off) values (${g.name}, ${g.percentOff}) on conflict do nothing`;
  }
  // The first product of each kind by SKU that has the list price the fixed price stands for.
  await tx`
    insert into public.price_group_prices (group_id, product_id, category, stone, style, size, price)
    select g.id, p.id, p.category, p.stone, p.style, p.size, round(p.list * 0.75, 2)
      from public.price_groups g,
           lateral (
             (select id, 'rings' as category, '' as stone, '' as style, '' as size, price_stone1 as list
                from public.rings where price_stone1 > 0 order by sku limit 1)
             union all
             (select id, 'necklaces', '', 'necklace', '18', n_price_18_stone1
                from public.necklaces where n_price_18_stone1 > 0 and not is_adjustable order by sku limit 1)
             union all
             (select id, 'earrings', 'stone1', '', '', price_stone1
                from public.earrings where price_stone1 > 0 order by sku limit 1)
             union all
             (select id, 'bracelets', '', '', '', b_price_7_stone1
                from public.bracelets where b_price_7_stone1 > 0 order by sku limit 1)
           ) p
     where lower(g.name) = 'distributor'
    on conflict do nothing`;
}
