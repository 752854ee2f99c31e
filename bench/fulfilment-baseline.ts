// The fulfilment as it was before invoices and mail: the same statements in one service-role transaction (the same
// order row, its items, the payment, the checkout completed), without the invoice and the outbox rows.
// bench/fulfilment.ts runs it side by side with the shop's fulfilPaymentIntent over the same kind of paid checkouts,
// so the cost of issuing the invoice (a locked yearly counter) and queuing two mails is measured on the same machine
// in the same run. The order row is the shop's own (buyer, e-mail, status), so what its triggers keep up to date
// (the buyer's customers row, the search index) is paid on both sides alike.
import type { Tx } from '../lib/core/db';
import type { Address } from '../lib/checkout/address';
import type { PricedLine } from '../lib/checkout/pricing';
import { PAID_ORDER_STATUS } from '../lib/orders/status';

interface Record {
  id: string;
  order_id: string;
  user_id: string | null;
  email: string | null;
  lines: PricedLine[];
  amount: string;
  status: string;
  shipping_address: Address | null;
  billing_address: Address | null;
}

export async function fulfilBaseline(tx: Tx, paymentIntentId: string, amountReceived: number): Promise<boolean> {
  const [record] = await tx<Record[]>`
    select id, order_id, user_id, email, lines, amount, status, shipping_address, billing_address
      from public.checkout_sessions where payment_intent_id = ${paymentIntentId}`;
  if (!record || record.status === 'completed') return false;
  const shipping = record.shipping_address;
  const billing = record.billing_address ?? shipping;
  const inserted = await tx`
    insert into public.orders
      (id, user_id, order_reference, customer_name, customer_email, customer_phone, status, total_amount,
       shipping_address, billing_address)
    values (${record.order_id}, ${record.user_id}, 'AFJ-' || nextval('public.order_reference_seq'),
            ${shipping?.full_name || null}, ${record.email}, ${shipping?.phone || null}, ${PAID_ORDER_STATUS},
            ${Number(record.amount)}, ${shipping ? tx.json(shipping) : null},
            ${billing ? tx.json(billing) : null})
    on conflict (id) do nothing returning id`;
  if (inserted.length === 0) return false;
  const items = record.lines.map((line) => ({
    order_id: record.order_id,
    product_id: line.productId,
    product_category: line.category,
    quantity: line.quantity,
    unit_price: line.unitPriceCents,
    specifications: line.specificationsText,
  }));
  await tx`insert into public.order_items ${tx(items)}`;
  await tx`
    insert into public.transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
    values (${record.order_id}, 'stripe', ${paymentIntentId}, ${amountReceived}, 'completed', 'card')`;
  await tx`update public.checkout_sessions set status = 'completed', completed_at = now(), last_payment_error = null where id = ${record.id}`;
  return true;
}
