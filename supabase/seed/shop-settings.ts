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
