// Wholesale buying's server work on the bench's large catalog, called in-process one after another (the database and
// the app's code, without HTTP or rendering):
// - quick order: 500 pasted lines resolved (one SQL statement, then each line judged), a tenth of them typos;
// - reorder of a 50-line order, read as its buyer;
// - the SKU autocomplete, for prefixes and name words as a buyer types them;
// - checkout session creation for 50 lines (pricing, the checkout record and the PaymentIntent at the Stripe
//   stand-in), side by side: products without volume breaks (as every product was before breaks) and the same
//   products with breaks that all 50 lines reach;
// - a 10-line checkout with its addresses saved, with and without shipping and Stripe Tax (bench/checkout-charges.ts).
import { fileURLToPath } from 'node:url';
import { reportFromChild, runBenchChild } from './child';
import { vacuumAllVisible } from '../supabase/seed/vacuum';
import { benchCheckoutCharges } from './checkout-charges';
import { benchTermsCheckout } from './terms-checkout';

const RESULT_TAG = 'WHOLESALE_RESULT ';
const ROUNDS = Number(process.env.BENCH_WHOLESALE_ROUNDS) || 60;

export function benchWholesale(env: Record<string, string>): Promise<Record<string, unknown>> {
  return runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const pct = (sorted: number[], q: number, digits = 1) =>
  +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(digits);
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: sorted.length, p50_ms: pct(sorted, 0.5), p95_ms: pct(sorted, 0.95), max_ms: pct(sorted, 1) };
};

async function timed(rounds: number, run: (round: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  // One untimed round warms the pool and Postgres's caches.
  for (let round = 0; round <= rounds; round++) {
    const t0 = performance.now();
    await run(round);
    if (round > 0) times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Reorder of a 50-line order, as its buyer asks for it (the account's RLS, today's products and the plan): 50 products
 * over every category, each bought at its product page's opening choice, written as checkout writes order lines.
 */
async function benchReorder(sql: import('../lib/core/db').Sql) {
  const { reorderPlan } = await import('../lib/account/orders');
  const { withActor } = await import('../lib/core/db');
  const { getProductsByIds } = await import('../lib/catalog/product');
  const { purchaseModel } = await import('../lib/purchase/model');
  const { purchaseSpecifications, purchaseView } = await import('../lib/purchase/selection');
  const { lineChoices } = await import('../lib/purchase/line-choices');
  const { toCents } = await import('../lib/core/format/money');
  const [buyer] = await sql<{ id: string; email: string }[]>`select id, email from auth.users order by created_at limit 1`;
  if (!buyer) throw new Error('no user to reorder as');
  const ids = await sql<{ id: string }[]>`
    select id from public.catalog_products where default_price > 0 order by md5(id::text || 'reorder') limit 50`;
  const products = await getProductsByIds(ids.map((r) => r.id));
  const [order] = await sql<{ id: string }[]>`
    insert into public.orders (user_id, total_amount, status) values (${buyer.id}, 0, 'completed') returning id`;
  try {
    const items = products.map((product) => {
      const model = purchaseModel(product);
      const specifications = purchaseSpecifications(model, model.initial);
      return {
        order_id: order!.id,
        product_id: product.id,
        product_category: product.category,
        quantity: model.steps.min,
        unit_price: toCents(purchaseView(model, model.initial).price ?? 0),
        specifications: '',
        choices: sql.json(lineChoices(specifications) as Record<string, string>),
      };
    });
    await sql`insert into public.order_items ${sql(items)}`;
    const actor = { role: 'authenticated' as const, userId: buyer.id, email: buyer.email };
    const plan = await withActor(actor, (tx) => reorderPlan(tx, buyer.id, order!.id));
    const times = await timed(ROUNDS, () => withActor(actor, (tx) => reorderPlan(tx, buyer.id, order!.id)));
    return { ...summary(times), lines: items.length, added: plan?.lines.length ?? 0, changes: plan?.changes.length ?? 0 };
  } finally {
    await sql`delete from public.orders where id = ${order!.id}`;
  }
}

async function child() {
  const { resolveQuickOrder } = await import('../lib/quick-order/resolve');
  const { suggestSkus } = await import('../lib/quick-order/suggest');
  const { createCheckout } = await import('../lib/checkout/server');
  const { priceCheckout } = await import('../lib/checkout/pricing');
  const { getProductsByIds } = await import('../lib/catalog/product');
  const { db } = await import('../lib/core/db');
  const sql = db();

  // 500 SKUs spread over the catalog, every tenth one mistyped (two characters swapped).
  const sample = await sql<{ sku: string; moq: number }[]>`
    select sku, moq from public.catalog_products where sku is not null and default_price > 0 order by md5(id::text) limit 500`;
  if (sample.length < 500) throw new Error(`only ${sample.length} SKUs sampled`);
  const lines = sample.map((row, i) => ({
    // A dropped hyphen: 'RNG1008' for 'RNG-1008' (a swapped digit would often be another real SKU).
    sku: i % 10 === 0 ? row.sku.replace('-', '') : row.sku,
    quantity: row.moq,
  }));
  const resolveTimes = await timed(ROUNDS, () => resolveQuickOrder(lines));
  const resolved = await resolveQuickOrder(lines);

  const prefixes = ['rn', 'rng-1', 'nck-10', 'brc-2', 'ear-30', 'bdy-4', 'gold', 'sapph', 'rose go', 'hoop', 'zz', 'ch'];
  // The first call of each prefix misses the search cache (as a buyer's new word does); later ones hit it.
  const cold: number[] = [];
  for (const q of prefixes) {
    const t0 = performance.now();
    await suggestSkus(q);
    cold.push(performance.now() - t0);
  }
  const perCall: number[] = [];
  for (let round = 0; round < Math.ceil(ROUNDS / 3); round++) {
    for (const q of prefixes) {
      const t0 = performance.now();
      await suggestSkus(q);
      perCall.push(performance.now() - t0);
    }
  }

  // Two sets of 50 rings with a price, MOQ 1 and packs of 1, bought 10 each: one set without breaks (as every product
  // was before breaks), the other with breaks all 50 lines reach. Both are set once, before any timing, so no
  // update's dead rows sit in a timed read.
  const rings = await sql<{ id: string; size: string | null }[]>`
    select id, sizes[1] as size from public.rings where price_stone1 > 0 and moq = 1 and pack_size = 1 order by created_at desc limit 100`;
  if (rings.length < 100) throw new Error(`only ${rings.length} rings sampled`);
  const plainIds = rings.slice(0, 50).map((r) => r.id);
  const tieredIds = rings.slice(50).map((r) => r.id);
  // Each ring in a size it offers (none when adjustable), as the product page would add it.
  const sizeOf = new Map(rings.map((r) => [r.id, r.size]));
  const linesFor = (ids: string[]) =>
    ids.map((productId) => ({ productId, quantity: 10, specifications: { stoneType: 'stone1' as const, size: sizeOf.get(productId) ?? null, style: null } }));
  const sides = { plain: linesFor(plainIds), tiered: linesFor(tieredIds) };
  const plain: number[] = [];
  const tiered: number[] = [];
  const plainPricing: number[] = [];
  const tieredPricing: number[] = [];
  await sql`update public.rings set price_breaks = '[]' where id = any(${plainIds}::uuid[])`;
  await sql`update public.rings set price_breaks = ${sql.json([{ minQuantity: 5, percentOff: 5 }, { minQuantity: 10, percentOff: 10 }])} where id = any(${tieredIds}::uuid[])`;
  await vacuumAllVisible(sql, ['rings']);
  try {
    // Alternating, and each side first in every other round, so both sides see the machine alike (a collection or
    // a slow stand-in call falls on either). Ten times the rounds of the other measures: one checkout's time swings
    // with the stand-in's PaymentIntent call more than breaks could move it, and a p95 of a few hundred runs is
    // still set by a handful of them.
    for (let round = 0; round <= ROUNDS * 10; round++) {
      for (const side of round % 2 === 0 ? (['plain', 'tiered'] as const) : (['tiered', 'plain'] as const)) {
        const t0 = performance.now();
        const session = await createCheckout({ lines: sides[side], userId: null });
        const ms = performance.now() - t0;
        if (side === 'tiered' && !session.lines.every((l) => l.percentOff === 10)) throw new Error('the breaks were not applied');
        if (round > 0) (side === 'tiered' ? tiered : plain).push(ms);
      }
    }
    // The pricing alone (what breaks add to the server's work), on the products as checkout loads them.
    for (const side of ['plain', 'tiered'] as const) {
      const products = await getProductsByIds(sides[side].map((l) => l.productId));
      const byId = new Map(products.map((p) => [p.id, p]));
      const times = side === 'tiered' ? tieredPricing : plainPricing;
      for (let round = 0; round <= ROUNDS * 10; round++) {
        const t0 = performance.now();
        priceCheckout(sides[side], byId);
        if (round > 0) times.push(performance.now() - t0);
      }
    }
  } finally {
    await sql`update public.rings set price_breaks = '[]' where id = any(${tieredIds}::uuid[])`;
  }
  const plainSummary = summary(plain);
  const tieredSummary = summary(tiered);
  // Ten of the rings, one each: a typical order's checkout, with and without shipping and tax.
  const chargesBench = await benchCheckoutCharges(sql, plainIds.slice(0, 10).map((productId) => ({ ...linesFor([productId])[0]!, quantity: 1 })), ROUNDS * 3, summary);
  // The same ten lines placed on payment terms, against a card checkout.
  const termsBench = await benchTermsCheckout(sql, plainIds.slice(0, 10).map((productId) => ({ ...linesFor([productId])[0]!, quantity: 1 })), ROUNDS * 3, summary);
  const reorder = await benchReorder(sql);
  await sql.end();
  return {
    quick_order_resolve_500: {
      ...summary(resolveTimes),
      lines: lines.length,
      unknown: resolved.lines.filter((l) => l.problem?.code === 'unknown_sku').length,
      with_suggestions: resolved.lines.filter((l) => l.problem?.code === 'unknown_sku' && l.problem.suggestions.length > 0).length,
    },
    sku_autocomplete: { prefixes, first_call: summary(cold), repeated: summary(perCall) },
    reorder_50_lines: reorder,
    checkout_with_shipping_and_tax: chargesBench,
    order_on_payment_terms: termsBench,
    checkout_50_lines: {
      without_breaks: plainSummary,
      with_breaks: tieredSummary,
      p50_ratio: +(tieredSummary.p50_ms / plainSummary.p50_ms).toFixed(2),
      p95_ratio: +(tieredSummary.p95_ms / plainSummary.p95_ms).toFixed(2),
      pricing_only: {
        without_breaks_p95_ms: pct([...plainPricing].sort((a, b) => a - b), 0.95, 3),
        with_breaks_p95_ms: pct([...tieredPricing].sort((a, b) => a - b), 0.95, 3),
      },
    },
  };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
