// Shared by the documents tests: orders paid through the real checkout (the Stripe stand-in, the real SDK) and
// fulfilled by the app's fulfilment, so each has the invoice the fulfilment issued; a PDF's text per page (unpdf).
import { extractText } from 'unpdf';
import { emptyAddress } from '@/lib/checkout/address';
import { createCheckout, saveCheckoutAddresses } from '@/lib/checkout/server';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { ADDRESS, sdk, sql, type TestProducts } from './checkout-support';

export const BUYER_EMAIL = 'grace.hopper@example.com';

export interface PaidCheckout {
  orderId: string;
  checkoutId: string;
  paymentIntentId: string;
  totalCents: number;
}

/** A checkout of two lines (ring in stone 2 ×3, necklace at 20 in ×2), its addresses and e-mail saved, paid. */
export async function paidCheckout(p: TestProducts, userId: string | null = null): Promise<PaidCheckout> {
  const session = await createCheckout({
    lines: [
      { productId: p.ring, quantity: 3, specifications: { stoneType: 'stone2' } },
      { productId: p.necklace, quantity: 2, specifications: { size: '20', style: 'necklace' } },
    ],
    userId,
  });
  await saveCheckoutAddresses({
    checkoutId: session.checkoutId,
    allowedCheckoutIds: [session.checkoutId],
    email: BUYER_EMAIL,
    addresses: {
      shipping: ADDRESS,
      billing: { ...emptyAddress(), full_name: 'Accounts Payable', address_line1: '9 Ledger St', city: 'Reston', state: 'VA', postal_code: '20190' },
      sameAsShipping: false,
    },
  });
  const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
  if (paid.status !== 'succeeded') throw new Error(`fixture payment ${paid.status}`);
  return { orderId: session.orderId, checkoutId: session.checkoutId, paymentIntentId: paid.id, totalCents: paid.amount };
}

/** paidCheckout, fulfilled now (the webhook may get there too: fulfilment is idempotent). */
export async function fulfilledOrder(p: TestProducts, userId: string | null = null): Promise<PaidCheckout> {
  const paid = await paidCheckout(p, userId);
  const result = await fulfilPaymentIntent(await sdk.paymentIntents.retrieve(paid.paymentIntentId));
  if (result.outcome !== 'fulfilled' && result.outcome !== 'already_fulfilled') throw new Error(`fulfilment: ${result.outcome}`);
  return paid;
}

/** The text of each page of a PDF, its white space (line breaks of wrapped text included) as single spaces. */
export async function pdfPages(bytes: Uint8Array | ArrayBuffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.slice()), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

export async function invoiceOf(orderId: string) {
  const [row] = await sql<{ id: string; number: string; total_amount: string; snapshot: Record<string, unknown> }[]>`
    select id, number, total_amount, snapshot from invoices where order_id = ${orderId}`;
  return row;
}
