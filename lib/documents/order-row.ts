import 'server-only';
// The order as its confirmation page, its mails and its invoice show it: one row type and one read. It lives with
// documents, not orders, because the invoice of an order issued before invoices existed is built from it, and
// documents may not import orders.
import type { Tx } from '../core/db';
import type { Address } from '../checkout/address';
import type { ChargeColumns } from './charges';

export interface OrderRow extends ChargeColumns {
  id: string;
  order_reference: string | null;
  created_at: Date;
  status: string;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  total_amount: string;
  shipping_address: Address | null;
  billing_address: Address | null;
  company_name: string | null;
  purchase_order: string | null;
}

/** One order's row as the caller may read it (RLS decides), or null. */
export async function readOrderRow(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx<OrderRow[]>`
    select id, order_reference, created_at, status, customer_name, customer_email, customer_phone, total_amount,
           shipping_address, billing_address, company_name, purchase_order,
           goods_cents, shipping_method, shipping_cents, tax_cents, tax_breakdown, tax_exempt_reason
      from public.orders where id = ${orderId}`;
  return row ?? null;
}
