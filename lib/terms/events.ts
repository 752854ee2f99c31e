import 'server-only';
// The invoice events of Stripe's webhook (app/api/stripe/webhook): the event only says which invoice to look at; the
// invoice is retrieved from Stripe and recorded as Stripe has it (syncTermsInvoice), so a forged, replayed or late
// event records nothing new. invoice.overdue comes only from Stripe automations the shop may not have: the shop
// decides what is overdue from the due date itself (sweep.ts).
import { retrieveOrNull } from '../payments/missing';
import { stripe, type Stripe } from '../payments/stripe';
import { syncTermsInvoice, type SyncOutcome } from './stripe-invoice';

export const TERMS_INVOICE_EVENTS = [
  'invoice.finalized',
  'invoice.sent',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.overdue',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;
export type TermsInvoiceEvent = (typeof TERMS_INVOICE_EVENTS)[number];
export const isTermsInvoiceEvent = (type: string): type is TermsInvoiceEvent => (TERMS_INVOICE_EVENTS as readonly string[]).includes(type);

export async function recordInvoiceEvent(event: Stripe.Event): Promise<SyncOutcome | { outcome: 'unknown_object' }> {
  const object = event.data.object as { id?: string; object?: string };
  if (object.object !== 'invoice' || typeof object.id !== 'string') return { outcome: 'unknown_object' };
  const invoice = await retrieveOrNull(stripe().invoices.retrieve(object.id));
  if (!invoice) return { outcome: 'unknown_object' };
  return syncTermsInvoice(invoice, { failed: event.type === 'invoice.payment_failed' });
}
