import 'server-only';
// Staff's two moves on an order's invoice on terms: a check or wire received (paid out of band) and void. The admin
// first reads the invoice under RLS in a short transaction of its own (is_admin() has the last word); then
// lib/terms/staff.ts asks Stripe and records its answer with the service role, as a webhook does. No transaction is
// held open while Stripe answers, and Stripe's idempotency keys make a double click one call.
import { ActionError } from '../../core/action-result';
import { withActor, type DbActor } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { markTermsInvoicePaid, voidTermsInvoice } from '../../terms/staff';
import { TERMS_PANEL } from './labels';

export interface TermsInvoiceDone {
  reference: string;
}

async function referenceOf(actor: DbActor, orderId: string): Promise<string> {
  const [row] = await withActor(actor, (tx) => tx<{ id: string; order_reference: string | null }[]>`
    select o.id, o.order_reference from public.orders o join public.terms_invoices t on t.order_id = o.id where o.id = ${orderId}`);
  if (!row) throw new ActionError(TERMS_PANEL.notOnTerms, 404);
  return orderReference(row);
}

export async function markOrderInvoicePaid(actor: DbActor, orderId: string): Promise<TermsInvoiceDone> {
  const reference = await referenceOf(actor, orderId);
  await markTermsInvoicePaid(orderId);
  return { reference };
}

export async function voidOrderInvoice(actor: DbActor, orderId: string): Promise<TermsInvoiceDone> {
  const reference = await referenceOf(actor, orderId);
  await voidTermsInvoice(orderId);
  return { reference };
}
