import 'server-only';
// The exemption follows the certificate (the maintenance timer runs this): 30 days before a certificate expires its
// buyer and the shop are mailed once (expiry_reminded_for names the date reminded of, so a renewed certificate is
// reminded of again), and once it has expired the account's and the buyer's exemption end, with an event. Every
// step is a condition on the row, so running it twice, or on two servers at once, changes nothing more. Both reads
// go through trade_accounts_expiry_idx (exempt accounts by expiry date) and touch only the rows they change.
import { asServiceRole } from '../core/db';
import { enqueueMails, type QueuedMail } from '../mail/outbox';
import { shopToday } from '../quotes/read';

export const REMINDER_DAYS = 30;

export interface CertificateSweep {
  reminded: number;
  ended: number;
}

export async function sweepTradeCertificates(today = shopToday()): Promise<CertificateSweep> {
  // Service role: the maintenance timer acts for nobody in particular.
  return asServiceRole(async (tx) => {
    const reminded = await tx<{ id: string; expires: string }[]>`
      with due as (
        select id, certificate_expires_on from public.trade_accounts
         where tax_exempt and certificate_expires_on between ${today}::date and ${today}::date + ${REMINDER_DAYS}::int
           and expiry_reminded_for is distinct from certificate_expires_on
         for update skip locked)
      update public.trade_accounts a set expiry_reminded_for = due.certificate_expires_on
        from due where a.id = due.id
      returning a.id, a.certificate_expires_on::text as expires`;
    if (reminded.length > 0) {
      const ids = reminded.map((r) => r.id);
      const emails = await tx<{ account_id: string; actor_email: string | null }[]>`
        select distinct on (account_id) account_id, actor_email from public.trade_account_events
         where account_id = any(${ids}::uuid[]) and kind in ('submitted', 'resubmitted') order by account_id, id desc`;
      const emailOf = new Map(emails.map((e) => [e.account_id, e.actor_email]));
      await tx`
        insert into public.trade_account_events (account_id, kind, detail)
        select id, 'expiry_reminded', jsonb_build_object('expiresOn', expires)
          from unnest(${ids}::uuid[], ${reminded.map((r) => r.expires)}::text[]) as t(id, expires)`;
      const mails: QueuedMail[] = reminded.flatMap(({ id, expires }) => {
        const mail = { kind: 'certificate_expiring' as const, orderId: null, tradeAccountId: id, payload: { expiresOn: expires } };
        const buyer = emailOf.get(id);
        return [
          ...(buyer ? [{ ...mail, to: buyer, dedupeKey: `certificate_expiring:${id}:${expires}:buyer` }] : []),
          { ...mail, to: null, dedupeKey: `certificate_expiring:${id}:${expires}:shop` },
        ];
      });
      await enqueueMails(tx, mails);
    }

    const ended = await tx<{ id: string; owner_id: string; expires: string }[]>`
      update public.trade_accounts set tax_exempt = false
       where tax_exempt and certificate_expires_on < ${today}::date
      returning id, owner_id, certificate_expires_on::text as expires`;
    if (ended.length > 0) {
      await tx`
        insert into public.trade_account_events (account_id, kind, detail)
        select id, 'exemption_expired', jsonb_build_object('expiresOn', expires)
          from unnest(${ended.map((r) => r.id)}::uuid[], ${ended.map((r) => r.expires)}::text[]) as t(id, expires)`;
      // Only the exemption that came with the certificate: staff's own (no last day) stays.
      await tx`
        update public.customers set tax_exempt = false, tax_exempt_reason = null, tax_exempt_until = null
         where user_id = any(${ended.map((r) => r.owner_id)}::uuid[]) and tax_exempt_until < ${today}::date`;
    }
    return { reminded: reminded.length, ended: ended.length };
  });
}
