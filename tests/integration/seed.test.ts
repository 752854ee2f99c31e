// The seeded local stack: catalog, images in Storage, content pages, demo people and order history.
// globalSetup has already seeded this database through tests/support/stack.ts.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_DEFAULTS } from '@/lib/core/local-defaults';
import { DEMO_USERS, isSeeded, seedAll } from '@/supabase/seed';
import { PAGES } from '@/supabase/seed/pages';
import { anonClient } from '../support/auth-clients';

const databaseUrl = process.env.DATABASE_URL!;
const supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL!;
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

afterAll(async () => {
  await sql.end();
});

const SEEDED_SKU = '^(RNG|NCK|BRC|EAR|BDY)-[0-9]+$';
const TABLES = ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] as const;
const OWNER: Record<(typeof TABLES)[number], string> = {
  rings: 'ring_id',
  necklaces: 'necklace_id',
  bracelets: 'bracelet_id',
  earrings: 'earring_id',
  body_jewelry: 'body_jewelry_id',
};

describe('seeded catalog', () => {
  it('has at least 30 products in every category, with unique SKUs under the category prefix', async () => {
    const rows = await sql<{ category: string; n: number; distinct_skus: number }[]>`
      select category, count(*)::int as n, count(distinct sku)::int as distinct_skus
        from catalog_products where sku ~ ${SEEDED_SKU} group by category`;
    expect(rows.map((r) => r.category).sort()).toEqual([...TABLES].sort());
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(30);
      expect(r.distinct_skus).toBe(r.n);
    }
    const [dupes] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select sku from catalog_products where sku ~ ${SEEDED_SKU} group by sku having count(*) > 1) d`;
    expect(dupes!.n).toBe(0);
    const prefixes = await sql<{ category: string; prefix: string }[]>`
      select distinct category, split_part(sku, '-', 1) as prefix from catalog_products where sku ~ ${SEEDED_SKU}`;
    const expected: Record<string, string> = { rings: 'RNG', necklaces: 'NCK', bracelets: 'BRC', earrings: 'EAR', body_jewelry: 'BDY' };
    for (const p of prefixes) expect(p.prefix).toBe(expected[p.category]);
  });

  it('gives every product 2–4 images, one primary first, display_order 0..n-1, and image_url on the primary', async () => {
    for (const table of TABLES) {
      const owner = OWNER[table];
      const bad = await sql.unsafe<{ id: string }[]>(
        `select p.id
           from public.${table} p
           left join public.product_images i on i.${owner} = p.id
          where p.sku ~ $1
          group by p.id, p.image_url
         having count(i.id) not between 2 and 4
             or count(*) filter (where i.is_primary) <> 1
             or array_agg(i.display_order order by i.display_order) <> array(select generate_series(0, count(i.id)::int - 1))
             or bool_or(i.is_primary and i.display_order <> 0)
             or p.image_url is distinct from max(i.image_url) filter (where i.is_primary)`,
        [SEEDED_SKU],
      );
      expect(bad, `${table} products with broken images`).toEqual([]);
    }
    const [missing] = await sql<{ n: number }[]>`
      select count(*)::int as n from catalog_products where sku ~ ${SEEDED_SKU} and image_url is null`;
    expect(missing!.n).toBe(0);
  });

  it('serves a product image from Storage as WebP at its public URL', async () => {
    const [row] = await sql<{ image_url: string }[]>`select image_url from rings where sku ~ ${SEEDED_SKU} limit 1`;
    expect(row!.image_url.startsWith(`${supabaseUrl}/storage/v1/object/public/product-images/rings/`)).toBe(true);
    const res = await fetch(row!.image_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/webp/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('covers the catalog features the pages need', async () => {
    const [c] = await sql<Record<string, number>[]>`
      select
        (select count(*)::int from necklaces where sku ~ ${SEEDED_SKU} and necklace_type = 'Chain') as chains,
        (select count(*)::int from necklaces where sku ~ ${SEEDED_SKU} and necklace_type = 'Pendant') as pendants,
        (select count(*)::int from necklaces where sku ~ ${SEEDED_SKU} and is_bracelet and b_price_7_stone1 > 0) as necklaces_as_bracelets,
        (select count(*)::int from bracelets where sku ~ ${SEEDED_SKU} and is_necklace and n_price_18_stone1 > 0) as bracelets_as_necklaces,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and stone_details ? 'Stone2') as second_stones,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and stone is null) as stoneless,
        (select count(*)::int from necklaces where sku ~ ${SEEDED_SKU} and not is_adjustable and n_price_18_stone1 > 0
            and (n_price_16_stone1 is null or n_price_20_stone1 is null or n_price_22_stone1 is null or n_price_24_stone1 is null
              or n_price_26_stone1 is null or n_price_28_stone1 is null or n_price_30_stone1 is null)) as necklace_gaps,
        (select count(*)::int from bracelets where sku ~ ${SEEDED_SKU} and b_price_7_stone1 > 0
            and (b_price_6_stone1 is null or b_price_6_5_stone1 is null or b_price_7_5_stone1 is null
              or b_price_8_stone1 is null or b_price_8_5_stone1 is null)) as bracelet_gaps,
        (select count(*)::int from necklaces where sku ~ ${SEEDED_SKU} and is_adjustable and n_price_16_stone1 > 0) as adjustable_necklaces,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and is_adjustable and category in ('rings', 'bracelets')) as other_adjustable,
        (select count(distinct moq)::int from catalog_products where sku ~ ${SEEDED_SKU}) as moq_values,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and is_new_arrival) as new_arrivals,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and is_mens_jewelry) as mens,
        (select count(*)::int from catalog_products where sku ~ ${SEEDED_SKU} and default_price is null) as unpriced_defaults,
        (select count(*)::int from rings where sku ~ ${SEEDED_SKU} and price_stone1 is null) as unpriced_rings,
        (select count(*)::int from body_jewelry where sku ~ ${SEEDED_SKU} and jewelry_type is not null and size is not null and gauge ~ '^[0-9]+G$') as body_details,
        (select count(*)::int from earrings where sku ~ ${SEEDED_SKU} and earring_type is not null and closure_type is not null) as earring_details`;
    expect(c!.chains).toBeGreaterThan(0);
    expect(c!.pendants).toBeGreaterThan(0);
    expect(c!.necklaces_as_bracelets).toBeGreaterThan(0);
    expect(c!.bracelets_as_necklaces).toBeGreaterThan(0);
    expect(c!.second_stones).toBeGreaterThan(10);
    expect(c!.stoneless).toBeGreaterThan(0);
    expect(c!.necklace_gaps).toBeGreaterThan(0);
    expect(c!.bracelet_gaps).toBeGreaterThan(0);
    expect(c!.adjustable_necklaces).toBeGreaterThan(0);
    expect(c!.other_adjustable).toBeGreaterThan(0);
    expect(c!.moq_values).toBeGreaterThanOrEqual(5);
    expect(c!.new_arrivals).toBeGreaterThan(0);
    expect(c!.mens).toBeGreaterThan(0);
    // Only the rings the seed leaves awaiting a price (one in forty).
    expect(c!.unpriced_defaults).toBeGreaterThan(0);
    expect(c!.unpriced_defaults).toBe(c!.unpriced_rings);
    expect(c!.body_details).toBeGreaterThanOrEqual(30);
    expect(c!.earring_details).toBeGreaterThanOrEqual(30);
    const materials = await sql<{ material: string }[]>`select distinct material from catalog_products where sku ~ ${SEEDED_SKU} order by 1`;
    expect(materials.map((m) => m.material)).toEqual(['gold', 'rose-gold', 'silver']);
  });
});

describe('seeded content and people', () => {
  it('has a content page with several paragraphs for every linked slug', async () => {
    const slugs = ['about', 'faqs', 'shipping-returns', 'care-guide', 'our-story', 'privacy-policy', 'terms-of-service', 'cookie-policy'];
    const rows = await sql<{ page_slug: string; page_title: string; content: string }[]>`
      select page_slug, page_title, content from page_content where page_slug in ${sql(slugs)}`;
    expect(rows.map((r) => r.page_slug).sort()).toEqual([...slugs].sort());
    for (const r of rows) {
      expect(r.page_title.length).toBeGreaterThan(3);
      expect(r.content.split('\n').filter((l) => l.trim()).length).toBeGreaterThanOrEqual(4);
    }
    expect(PAGES).toHaveLength(8);
  });

  it('makes the demo admin an admin who can sign in with the password', async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from admin_users a join auth.users u on u.id = a.user_id where u.email = ${DEMO_USERS.admin.email}`;
    expect(row!.n).toBe(1);
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DEMO_USERS.admin.email);
    await client.auth.signOut();
  });

  it('gives the demo customer a profile, saved addresses and past orders', async () => {
    const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
    expect(user).toBeDefined();
    const [profile] = await sql<{ full_name: string; phone_number: string }[]>`
      select full_name, phone_number from user_profiles where user_id = ${user!.id}`;
    expect(profile).toEqual({ full_name: DEMO_USERS.customer.fullName, phone_number: DEMO_USERS.customer.phone });
    const addresses = await sql<{ address_type: string; is_default: boolean }[]>`
      select address_type, is_default from user_addresses where user_id = ${user!.id}`;
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    expect(addresses).toContainEqual({ address_type: 'shipping', is_default: true });
    expect(addresses).toContainEqual({ address_type: 'billing', is_default: true });
    const [orders] = await sql<{ n: number }[]>`select count(*)::int as n from orders where user_id = ${user!.id}`;
    expect(orders!.n).toBeGreaterThanOrEqual(5);
    const client = anonClient();
    const { error } = await client.auth.signInWithPassword({ email: DEMO_USERS.customer.email, password: DEMO_USERS.customer.password });
    expect(error).toBeNull();
    await client.auth.signOut();
  });
});

describe('seeded order history', () => {
  const seeded = sql`select o.* from orders o join transactions t on t.order_id = o.id where t.provider_transaction_id like 'pi_seed_%'`;

  it('spans about ninety days, every status, guests and the demo customer', async () => {
    const [span] = await sql<{ days: number; n: number; guests: number; customers: number; statuses: string[] }[]>`
      select extract(day from max(created_at) - min(created_at))::int as days, count(*)::int as n,
             count(*) filter (where user_id is null)::int as guests,
             count(*) filter (where user_id is not null)::int as customers,
             array_agg(distinct status order by status) as statuses
        from (${seeded}) o`;
    expect(span!.days).toBeGreaterThanOrEqual(85);
    expect(span!.n).toBeGreaterThan(150);
    expect(span!.guests).toBeGreaterThan(span!.customers);
    expect(span!.customers).toBeGreaterThan(0);
    expect(span!.statuses).toEqual(['cancelled', 'completed', 'dispatched', 'pending', 'processing', 'refunded']);
    const [latest] = await sql<{ newest: Date }[]>`select max(created_at) as newest from (${seeded}) o`;
    expect(latest!.newest.getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - latest!.newest.getTime()).toBeLessThan(2 * 86_400_000);
  });

  it('totals every order as the sum of its items, paid by one card transaction of the same amount', async () => {
    const bad = await sql`
      select o.id, o.total_amount, sum(i.quantity * i.unit_price) as items, min(t.amount) as paid, count(distinct t.id) as txs
        from (${seeded}) o
        join order_items i on i.order_id = o.id
        join transactions t on t.order_id = o.id
       group by o.id, o.total_amount
      having o.total_amount <> sum(i.quantity * i.unit_price) or count(distinct t.id) <> 1 or min(t.amount) <> o.total_amount`;
    expect(bad).toEqual([]);
    const [shape] = await sql<{ refs: number; bad_refs: number; methods: string[]; providers: string[]; items_per_order_max: number }[]>`
      select count(*)::int as refs,
             count(*) filter (where o.order_reference !~ '^AFJ-[0-9]{6,}$')::int as bad_refs,
             (select array_agg(distinct payment_method) from transactions where provider_transaction_id like 'pi_seed_%') as methods,
             (select array_agg(distinct provider) from transactions where provider_transaction_id like 'pi_seed_%') as providers,
             (select max(n)::int from (select count(*) as n from order_items i join (${seeded}) s on s.id = i.order_id group by i.order_id) x) as items_per_order_max
        from (${seeded}) o`;
    expect(shape!.bad_refs).toBe(0);
    // One format with live orders: numbered from their sequence in the order placed, which live orders continue.
    const [refs] = await sql<{ out_of_order: number; highest: string; next_live: string }[]>`
      select count(*) filter (where n < previous)::int as out_of_order, max(n)::text as highest,
             (select last_value from order_reference_seq)::text as next_live
        from (select substring(order_reference from 5)::bigint as n,
                     lag(substring(order_reference from 5)::bigint) over (order by created_at, id) as previous
                from (${seeded}) o) x`;
    expect(refs!.out_of_order).toBe(0);
    expect(BigInt(refs!.next_live)).toBeGreaterThanOrEqual(BigInt(refs!.highest));
    expect(shape!.methods).toEqual(['card']);
    expect(shape!.providers).toEqual(['stripe']);
    expect(shape!.items_per_order_max).toBeLessThanOrEqual(4);
    const [statusMatch] = await sql<{ n: number }[]>`
      select count(*)::int as n from (${seeded}) o join transactions t on t.order_id = o.id
       where t.status <> case o.status when 'pending' then 'pending' when 'cancelled' then 'cancelled'
                                       when 'refunded' then 'refunded' else 'completed' end`;
    expect(statusMatch!.n).toBe(0);
  });

  it('prices items at the product price for the chosen options, in at least the MOQ', async () => {
    const bad = await sql`
      select i.id from order_items i
        join (${seeded}) o on o.id = i.order_id
        join catalog_products p on p.id = i.product_id
       where i.quantity < p.moq or i.unit_price <= 0 or i.specifications not like '%Material: %'`;
    expect(bad).toEqual([]);
    const [ring] = await sql<{ unit_price: number; price_stone1: string; price_stone2: string | null; specifications: string; stone: string }[]>`
      select i.unit_price, r.price_stone1, r.price_stone2, i.specifications, r.stone
        from order_items i join rings r on r.id = i.product_id
        join (${seeded}) o on o.id = i.order_id
       where r.stone is not null and i.specifications like 'Stone: ' || r.stone || ', %'
       limit 1`;
    expect(Number(ring!.unit_price)).toBe(Math.round(Number(ring!.price_stone1) * 100));
  });
});

describe('seeding again', () => {
  it('reports the database as seeded and adds nothing on a second run', async () => {
    expect(await isSeeded(databaseUrl)).toBe(true);
    const count = async () => {
      const [r] = await sql<{ products: number; images: number; orders: number; pages: number; addresses: number; admins: number }[]>`
        select (select count(*)::int from catalog_products) as products, (select count(*)::int from product_images) as images,
               (select count(*)::int from orders) as orders, (select count(*)::int from page_content) as pages,
               (select count(*)::int from user_addresses) as addresses, (select count(*)::int from admin_users) as admins`;
      return r!;
    };
    const before = await count();
    const summary = await seedAll({ databaseUrl, supabaseUrl, serviceRoleKey: LOCAL_DEFAULTS.serviceRoleKey });
    expect(summary.skipped).toBe(true);
    expect(await count()).toEqual(before);
  });
});
