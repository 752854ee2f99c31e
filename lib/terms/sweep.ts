import 'server-only';
// Payment terms' part of the maintenance timer (lib/maintenance/schedule.ts): Stripe invoices not made yet (Stripe
// was down when the order was placed) are made; the reminder before the due day and the overdue notices (1, 15 and
// 30 days late) are queued. The shop dates overdue invoices itself, from the due date, in its own time zone: Stripe
// sends invoice.overdue only from automations set up in its dashboard. Each notice is claimed on its row (reminded_at,
// overdue_notices) in the transaction that queues it, so servers sweeping at once queue it once.
import { asServiceRole } from '../core/db';
import { env } from '../core/env';
import { logError } from '../core/log';
import { enqueueMails } from '../mail/outbox';
import { OVERDUE_NOTICE_DAYS, REMINDER_DAYS_BEFORE } from './rules';
import { makeStripeInvoice } from './stripe-invoice';

const BATCH = 200;

export async function sweepTermsInvoices(): Promise<{ made: number; reminders: number; overdue: number }> {
  const unmade = await asServiceRole((tx) => tx<{ order_id: string }[]>`
    select order_id from public.terms_invoices
     where (stripe_invoice_id is null or status = 'draft') and status in ('pending', 'draft') and created_at < now() - interval '1 minute'
     order by created_at limit ${BATCH}`);
  let made = 0;
  for (const { order_id } of unmade) {
    try {
      if ((await makeStripeInvoice(order_id)) === 'made') made++;
    } catch (err) {
      logError('terms: Stripe invoice still not made', err, { order: order_id });
    }
  }
  const zone = env().SHOP_TIME_ZONE;
  const notices = await asServiceRole(async (tx) => {
    // Days late as the shop's calendar counts them; negative before the due day.
    const reminders = await tx<{ order_id: string; to: string }[]>`
      with due as (
        select t.order_id from public.terms_invoices t
         where t.status = 'open' and t.reminded_at is null
           and (t.due_at at time zone ${zone})::date - (now() at time zone ${zone})::date between 1 and ${REMINDER_DAYS_BEFORE}
         order by t.due_at limit ${BATCH} for update of t skip locked)
      update public.terms_invoices t set reminded_at = now() from due, public.orders o
       where t.order_id = due.order_id and o.id = t.order_id and o.customer_email is not null
      returning t.order_id, o.customer_email as to`;
    const overdue = await tx<{ order_id: string; to: string; notice: number }[]>`
      with late as (
        select t.order_id, (now() at time zone ${zone})::date - (t.due_at at time zone ${zone})::date as days
          from public.terms_invoices t
         where t.status = 'open' and t.overdue_notices < ${OVERDUE_NOTICE_DAYS.length} and t.due_at < now()
         order by t.due_at limit ${BATCH} for update of t skip locked),
      owed as (
        select order_id, (select count(*) from unnest(${[...OVERDUE_NOTICE_DAYS]}::int[]) d where late.days >= d)::int as notice
          from late)
      update public.terms_invoices t set overdue_notices = owed.notice from owed, public.orders o
       where t.order_id = owed.order_id and owed.notice > t.overdue_notices and o.id = t.order_id and o.customer_email is not null
      returning t.order_id, o.customer_email as to, owed.notice`;
    await enqueueMails(tx, [
      ...reminders.map((r) => ({ kind: 'terms_reminder' as const, orderId: r.order_id, to: r.to, dedupeKey: `terms_reminder:${r.order_id}` })),
      ...overdue.map((r) => ({ kind: 'terms_overdue' as const, orderId: r.order_id, to: r.to, dedupeKey: `terms_overdue:${r.order_id}:${r.notice}` })),
    ]);
    return { reminders: reminders.length, overdue: overdue.length };
  });
  return { made, ...notices };
}
