// The local shop's settings: a plausible address, contacts and tax number, so the footer, the mails and the invoices
// show real-looking details from the first start. Written once with the rest of the seed (the history records it).
import type postgres from 'postgres';

export const SEED_SHOP_SETTINGS = {
  shopName: 'Aurelia Fine Jewelry',
  postalAddress: '214 Jewelers Row\nSuite 5\nPhiladelphia, PA 19106\nUnited States',
  supportEmail: 'support@aurelia.test',
  supportPhone: '+1 (215) 555-0142',
  taxNumber: 'EIN 23-4567891',
  invoiceFooter:
    'Thank you for your order. Wholesale fine jewelry, made by hand since 2003.\nQuestions about this document: support@aurelia.test or +1 (215) 555-0142.',
} as const;

/** Fills the settings row while it still holds the migration's defaults; a shop that has saved its own is left alone. */
export async function insertShopSettings(tx: postgres.TransactionSql): Promise<void> {
  const s = SEED_SHOP_SETTINGS;
  await tx`
    update public.shop_settings
       set shop_name = ${s.shopName}, postal_address = ${s.postalAddress}, support_email = ${s.supportEmail},
           support_phone = ${s.supportPhone}, tax_number = ${s.taxNumber}, invoice_footer = ${s.invoiceFooter},
           updated_at = now()
     where postal_address = '' and support_email = '' and tax_number = ''`;
}

/**
 * The shop's shipping methods and tax settings: UPS across the United States (Ground free from $1,500), insured
 * 2nd Day Air, and an insured worldwide service to a few countries priced by weight; sales tax through Stripe Tax,
 * shipped from the Philadelphia workshop. No minimum order: staff may set one.
 */
export const SEED_SHIPPING_METHODS = [
  {
    name: 'UPS Ground',
    zones: ['US'],
    basis: 'value',
    bands: [{ from: 0, cents: 1500 }, { from: 25000, cents: 2500 }, { from: 100000, cents: 3500 }],
    freeOverCents: 150000,
    handlingCents: 0,
  },
  {
    name: 'UPS 2nd Day Air, insured',
    zones: ['US'],
    basis: 'value',
    bands: [{ from: 0, cents: 3500 }, { from: 100000, cents: 5500 }, { from: 500000, cents: 8500 }],
    freeOverCents: null,
    handlingCents: 500,
  },
  {
    name: 'UPS Worldwide Saver, insured',
    zones: ['CA', 'GB', 'IE', 'FR', 'DE', 'IT', 'ES', 'NL', 'AU', 'JP'],
    basis: 'weight',
    bands: [{ from: 0, cents: 6500 }, { from: 1000, cents: 9500 }, { from: 5000, cents: 16000 }],
    freeOverCents: null,
    handlingCents: 1000,
  },
] as const;

export const SEED_SHIP_FROM = { line1: '214 Jewelers Row', city: 'Philadelphia', state: 'PA', postal_code: '19106', country: 'US' };

/** Written with the rest of the seed, when the shop has no shipping methods yet. */
export async function insertShippingAndTax(tx: postgres.TransactionSql): Promise<void> {
  const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`select count(*)::int as count from public.shipping_methods`;
  if (count > 0) return;
  for (const [position, m] of SEED_SHIPPING_METHODS.entries()) {
    await tx`
      insert into public.shipping_methods (name, zones, basis, bands, free_over_cents, handling_cents, position)
      values (${m.name}, ${m.zones as unknown as string[]}, ${m.basis}, ${tx.json(m.bands as never)}, ${m.freeOverCents},
              ${m.handlingCents}, ${position})`;
  }
  await tx`update public.shop_settings set tax_enabled = true, ship_from = ${tx.json(SEED_SHIP_FROM)} where ship_from is null`;
}
