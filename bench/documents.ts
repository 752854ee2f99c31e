// Invoice PDF speed: GET /api/orders/{id}/invoice?t=… (the link of the buyer's mail) of a 20-line order, on the
// production server the bench started, one request at a time, so each time is the server's own (database read, PDF,
// answer) plus a loopback round trip. Two figures: the first download of each of 40 invoices (the PDF drawn; a
// worker keeps what it drew, as an issued document never changes) and 200 downloads of one (kept). Target: p95 ≤
// 150 ms for both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { yearIn } from '../lib/core/format/date';
import { orderLinkKey, signOrderLink } from '../lib/documents/link-token';
import { PROJECT_ROOT } from '../local-stack/config';

const LINES = 20;
const TARGET_P95_MS = 150;

export interface DocumentsBenchOptions {
  base: string;
  databaseUrl: string;
  requests?: number;
}

/** The server's key for order links: CHECKOUT_COOKIE_SECRET, or the local secret it made in .data (lib/core/env.ts). */
function linkSecret(): string {
  return process.env.CHECKOUT_COOKIE_SECRET || readFileSync(join(PROJECT_ROOT, '.data', 'checkout-cookie-secret'), 'utf8').trim();
}

/** An order of LINES catalog products with its invoice, issued as the fulfilment issues it (public.issue_document). */
let made = 0;
async function invoicedOrder(sql: postgres.Sql): Promise<string> {
  const reference = `BENCH-PDF-${Date.now().toString(36)}-${++made}`;
  return sql.begin(async (tx) => {
    const products = await tx<{ id: string; category: string; sku: string | null; name: string }[]>`
      select id, category, sku, name from public.catalog_products order by created_at limit ${LINES}`;
    if (products.length < LINES) throw new Error(`the bench needs ${LINES} products`);
    const lines = products.map((p, i) => ({
      sku: p.sku,
      name: p.name,
      options: i % 2 ? 'Stone: Ruby, Size: 7", Material: Gold' : 'Necklace Length: 18", Material: Silver, Style: Necklace',
      quantity: 2 + (i % 5),
      unitPriceCents: 1_250 + i * 137,
      lineTotalCents: (1_250 + i * 137) * (2 + (i % 5)),
    }));
    const total = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
    const shipping = { full_name: 'Bench Buyer', address_line1: '1 Main Street', address_line2: 'Suite 9', city: 'New York', state: 'NY', postal_code: '10012', country: 'US', phone: '(212) 555-0100' };
    const [order] = await tx<{ id: string; created_at: Date }[]>`
      insert into public.orders (order_reference, customer_name, customer_email, customer_phone, status, total_amount, shipping_address, billing_address)
      values (${reference}, 'Bench Buyer', 'bench@example.com', '(212) 555-0100', 'completed', ${total}, ${tx.json(shipping)}, ${tx.json(shipping)})
      returning id, created_at`;
    await tx`insert into public.order_items ${tx(
      products.map((p, i) => ({ order_id: order!.id, product_id: p.id, product_category: p.category, quantity: lines[i]!.quantity, unit_price: lines[i]!.unitPriceCents, specifications: lines[i]!.options })),
    )}`;
    const [seller] = await tx<Record<string, string>[]>`
      select shop_name, postal_address, support_email, support_phone, tax_number, invoice_footer from public.shop_settings`;
    const snapshot = {
      seller: {
        shopName: seller!.shop_name,
        postalAddress: seller!.postal_address,
        supportEmail: seller!.support_email,
        supportPhone: seller!.support_phone,
        taxNumber: seller!.tax_number,
        invoiceFooter: seller!.invoice_footer,
      },
      buyer: { name: 'Bench Buyer', email: 'bench@example.com', phone: '(212) 555-0100', shipping, billing: shipping },
      order: { id: order!.id, reference, placedAt: order!.created_at.toISOString() },
      lines,
      currency: 'usd',
      totalCents: total,
    };
    // The function issues as the service role (the fulfilment's role), as it checks.
    await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`;
    const year = yearIn(new Date(), process.env.SHOP_TIME_ZONE || 'America/New_York');
    await tx`select * from public.issue_document('invoice', ${year}, ${order!.id}, null, ${total}, ${tx.json(snapshot)})`;
    return order!.id;
  });
}

const percentile = (sorted: number[], q: number) => +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);

export async function benchDocuments(opts: DocumentsBenchOptions): Promise<Record<string, number | string | boolean>> {
  const sql = postgres(opts.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const key = orderLinkKey(linkSecret());
    const urlOf = (orderId: string) => `${opts.base}/api/orders/${orderId}/invoice?t=${signOrderLink(orderId, key)}`;
    const get = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(url);
      const body = await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf') throw new Error(`invoice PDF: ${res.status}`);
      return { ms, bytes: body.byteLength };
    };
    // Warm-up on invoices of their own: the route, the fonts and the JIT of both workers.
    for (let i = 0; i < 10; i++) await get(urlOf(await invoicedOrder(sql)));
    const firstTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 40; i++) {
      const r = await get(urlOf(await invoicedOrder(sql)));
      firstTimes.push(r.ms);
      bytes = r.bytes;
    }
    const repeated = urlOf(await invoicedOrder(sql));
    const requests = opts.requests ?? 200;
    const times: number[] = [];
    for (let i = 0; i < requests; i++) times.push((await get(repeated)).ms);
    firstTimes.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const firstP95 = percentile(firstTimes, 0.95);
    const p95 = percentile(times, 0.95);
    return {
      lines: LINES,
      bytes,
      first_download_p50_ms: percentile(firstTimes, 0.5),
      first_download_p95_ms: firstP95,
      repeat_requests: requests,
      repeat_p50_ms: percentile(times, 0.5),
      repeat_p95_ms: p95,
      target_p95_ms: TARGET_P95_MS,
      within_target: firstP95 <= TARGET_P95_MS && p95 <= TARGET_P95_MS,
    };
  } finally {
    await sql.end();
  }
}
