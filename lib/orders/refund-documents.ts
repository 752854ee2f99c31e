import 'server-only';
// What a succeeded refund writes beside itself, in the same transaction: its credit note and the buyer's refund
// mail. Called wherever a refund is recorded or its status changes (an admin's refund, Stripe's webhook), and
// idempotent: a refund already documented is skipped, and the mail's dedupe key is the refund's own id.
import type { Tx } from '../core/db';
import { issueCreditNotes, type IssuedCreditNote } from '../documents/issue';
import { enqueueMail } from '../mail/outbox';

export async function documentRefunds(tx: Tx, orderId: string): Promise<IssuedCreditNote[]> {
  const notes = await issueCreditNotes(tx, orderId);
  if (notes.length === 0) return notes;
  const [order] = await tx<{ customer_email: string | null; on_terms: boolean }[]>`
    select customer_email, exists (select 1 from public.terms_invoices t where t.order_id = o.id) as on_terms
      from public.orders o where id = ${orderId}`;
  for (const note of notes) {
    if (!order?.customer_email) continue;
    await enqueueMail(tx, {
      kind: 'refund',
      orderId,
      to: order.customer_email,
      dedupeKey: `refund:${note.refundId}`,
      // An order on terms is credited on its invoice (lib/terms/credit.ts): the mail says so, not "to your card".
      payload: { creditNoteId: note.id, amountCents: note.amountCents, remainingCents: note.remainingCents, onTerms: order.on_terms },
    });
  }
  return notes;
}
