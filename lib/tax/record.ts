import 'server-only';
// Reporting an order's tax to Stripe Tax once it is written: the transaction from the checkout's calculation, and a
// reversal for each succeeded refund's share. Both run after the database commits (Stripe cannot join its
// transaction), are keyed so a repeat does nothing, and never fail the payment or the refund: a failure is logged
// and the maintenance sweep (lib/maintenance/schedule.ts) tries again.
import { asServiceRole } from '../core/db';
import { logError } from '../core/log';
import { recordTaxTransaction, reverseTaxForRefund } from './stripe-tax';

/** Records the order's tax transaction if it has a calculation and none is recorded yet. True when all is reported. */
export async function recordOrderTax(orderId: string): Promise<boolean> {
  const [order] = await asServiceRole(
    (tx) => tx<{ order_reference: string; tax_calculation_id: string | null; tax_transaction_id: string | null }[]>`
      select order_reference, tax_calculation_id, tax_transaction_id from public.orders where id = ${orderId}`,
  );
  if (!order?.tax_calculation_id || order.tax_transaction_id) return true;
  try {
    const id = await recordTaxTransaction(order.tax_calculation_id, order.order_reference);
    await asServiceRole((tx) => tx`update public.orders set tax_transaction_id = ${id} where id = ${orderId} and tax_transaction_id is null`);
    return true;
  } catch (err) {
    logError('tax: could not record the order with Stripe Tax', err, { orderId });
    return false;
  }
}

/** Reverses the tax of the order's succeeded refunds not reported yet. True when all are reported. */
export async function reverseRefundedTax(orderId: string): Promise<boolean> {
  if (!(await recordOrderTax(orderId))) return false;
  const rows = await asServiceRole(
    (tx) => tx<{ id: string; provider_transaction_id: string; amount: string; tax_transaction_id: string; total_amount: string; refunded: string }[]>`
      select t.id, t.provider_transaction_id, t.amount, o.tax_transaction_id, o.total_amount,
             (select coalesce(sum(r.amount), 0) from public.transactions r
               where r.order_id = o.id and r.kind = 'refund' and r.status = 'succeeded') as refunded
        from public.transactions t join public.orders o on o.id = t.order_id
       where t.order_id = ${orderId} and t.kind = 'refund' and t.status = 'succeeded' and t.tax_reversal_id is null
         and o.tax_transaction_id is not null and o.tax_cents > 0
       order by t.created_at, t.id`,
  );
  let done = true;
  for (const row of rows) {
    try {
      // A single refund of the whole payment is a full reversal; any other refund a flat one of its own amount.
      const fullRefund = Number(row.amount) === Number(row.total_amount) && Number(row.refunded) === Number(row.amount);
      const id = await reverseTaxForRefund({
        transactionId: row.tax_transaction_id,
        refundId: row.provider_transaction_id,
        refundCents: Number(row.amount),
        fullRefund,
      });
      await asServiceRole((tx) => tx`update public.transactions set tax_reversal_id = ${id} where id = ${row.id}`);
    } catch (err) {
      logError('tax: could not reverse a refund with Stripe Tax', err, { orderId, refund: row.provider_transaction_id });
      done = false;
    }
  }
  return done;
}

/** The sweep: orders whose tax or refunds are not reported yet (Stripe was unreachable), a few at a time. */
export async function reportUnrecordedTax(limit = 50): Promise<{ reported: number; left: number }> {
  const due = await asServiceRole(
    (tx) => tx<{ id: string }[]>`
      select id from public.orders where tax_calculation_id is not null and tax_transaction_id is null
      union
      select t.order_id from public.transactions t join public.orders o on o.id = t.order_id
       where t.kind = 'refund' and t.status = 'succeeded' and t.tax_reversal_id is null and o.tax_cents > 0
       limit ${limit}`,
  );
  let reported = 0;
  for (const { id } of due) if (await reverseRefundedTax(id)) reported++;
  return { reported, left: due.length - reported };
}
