// Checkout with shipping and sales tax, side by side with the checkout as it was before them, in one run: each round
// opens a checkout for the same 10 lines and saves the buyer's addresses (what happens before the card is confirmed).
// "without" is the shop with no shipping methods and tax collection off (goods only, as before); "with" has the
// seeded methods and Stripe Tax on, shipping to Chicago by 2nd Day Air (a taxed address, shipping taxed too). The sides alternate,
// each first in every other round, so both see the machine alike. Called from bench/wholesale.ts's child.
import type postgres from 'postgres';
import type { CheckoutLineInput } from '../lib/checkout/lines';

/** A taxed address (Chicago): the checkout benches ship here. */
export const ADDRESS = {
  full_name: 'Bench Buyer',
  address_line1: '233 S Wacker Dr',
  address_line2: '',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US',
  phone: '+1 (312) 555-0100',
};

export interface Summary {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

export async function benchCheckoutCharges(
  sql: postgres.Sql,
  lines: CheckoutLineInput[],
  rounds: number,
  summary: (times: number[]) => Summary,
): Promise<Record<string, unknown>> {
  const { createCheckout, saveCheckoutAddresses } = await import('../lib/checkout/server');
  const [settings] = await sql<{ tax_enabled: boolean }[]>`select tax_enabled from public.shop_settings`;
  const active = await sql<{ id: string }[]>`select id from public.shipping_methods where active`;
  const ids = active.map((m) => m.id);
  // 2nd Day Air: never free, so every "with" round charges shipping whatever the lines come to.
  const [air] = await sql<{ id: string }[]>`select id from public.shipping_methods where name = 'UPS 2nd Day Air, insured'`;
  if (!air) throw new Error('the bench needs the seeded shipping methods');
  const set = async (on: boolean) => {
    await sql`update public.shop_settings set tax_enabled = ${on}`;
    await sql`update public.shipping_methods set active = ${on} where id = any(${ids}::uuid[])`;
  };
  const times = { without: [] as number[], with: [] as number[] };
  let taxCents = 0;
  let shippingCents = 0;
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const side of round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
        await set(side === 'with');
        const t0 = performance.now();
        const session = await createCheckout({ lines, userId: null });
        const quote = await saveCheckoutAddresses({
          checkoutId: session.checkoutId,
          allowedCheckoutIds: [session.checkoutId],
          email: 'bench.buyer@shop.example',
          addresses: { shipping: ADDRESS, billing: ADDRESS, sameAsShipping: true },
          shippingMethodId: side === 'with' ? air.id : null,
        });
        const ms = performance.now() - t0;
        if (side === 'with') {
          if (quote.taxCents <= 0 || quote.shippingCents <= 0) throw new Error('the checkout charged no tax or shipping');
          taxCents = quote.taxCents;
          shippingCents = quote.shippingCents;
        } else if (quote.totalCents !== quote.goodsCents) throw new Error('the checkout without charges charged more than the goods');
        if (round > 0) times[side].push(ms);
      }
    }
  } finally {
    await sql`update public.shop_settings set tax_enabled = ${settings!.tax_enabled}`;
    await sql`update public.shipping_methods set active = true where id = any(${ids}::uuid[])`;
  }
  const without = summary(times.without);
  const withCharges = summary(times.with);
  return {
    lines: lines.length,
    without_shipping_and_tax: without,
    with_shipping_and_tax: { ...withCharges, tax_cents: taxCents, shipping_cents: shippingCents },
    p50_ratio: +(withCharges.p50_ms / without.p50_ms).toFixed(2),
    p95_ratio: +(withCharges.p95_ms / without.p95_ms).toFixed(2),
  };
}
