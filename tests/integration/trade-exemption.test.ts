// The exemption follows the certificate, on real Postgres and the Stripe stand-ins: an approved buyer's checkout is
// exempt until the certificate's last day and taxed after it; the maintenance sweep mails the buyer and the shop once
// per certificate 30 days ahead and ends the exemption after expiry (idempotent, through the expiry index), leaving
// staff's own exemptions alone; and what each trade mail says.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveTradeAccount, askTradeAccountForMore } from '@/lib/admin/trade/actions';
import { createCheckout } from '@/lib/checkout/server';
import { priceDelivery } from '@/lib/checkout/delivery';
import { env } from '@/lib/core/env';
import type { OutboxMail } from '@/lib/mail/sender';
import { shopToday } from '@/lib/quotes/read';
import { sweepTradeCertificates } from '@/lib/trade/expiry';
import { composeTradeMail } from '@/lib/trade/messages';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { ADDRESS, sql } from './checkout-support';
import { holdShopSettings } from './shop-settings-lock';
import { accountOf, apply, eventsOf, mailsOf, newBuyer, type Buyer } from './trade-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let release: () => Promise<void>;
const inDays = (n: number, from = shopToday()) => {
  const d = new Date(`${from}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  release = await holdShopSettings();
  who = await callers();
});
afterAll(async () => {
  await release();
  await closeSupport();
});

/** A buyer whose application staff approved, exempt until `until` (or not exempt). */
async function approvedBuyer(tag: string, until: string | null): Promise<Buyer & { accountId: string }> {
  const buyer = await newBuyer(tag);
  await apply(buyer.jar);
  const { id } = (await accountOf(buyer.id))!;
  const result = await as(who.admin, () => approveTradeAccount({ accountId: id, priceGroupId: '', taxExempt: until !== null, expiresOn: until ?? '' }));
  expect(result).toMatchObject({ ok: true });
  return { ...buyer, accountId: id };
}

const customerOf = async (userId: string) =>
  (await sql<{ tax_exempt: boolean; tax_exempt_reason: string | null; until: string | null }[]>`
    select tax_exempt, tax_exempt_reason, tax_exempt_until::text as until from customers where user_id = ${userId}`)[0];

describe('the checkout’s exemption', () => {
  it('holds until the certificate’s last day in the shop’s time zone, and not a day longer', async () => {
    const buyer = await approvedBuyer('checkout', inDays(60));
    const [ring] = await sql<{ id: string; size: string | null }[]>`
      select id, sizes[1] as size from rings where status = 'active' and price_stone1 between 1 and 200 and moq = 1 and pack_size = 1 limit 1`;
    const [ground] = await sql<{ id: string }[]>`select id from shipping_methods where name = 'UPS Ground'`;
    const chicago = { ...ADDRESS, address_line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60606' };
    const quote = async () => {
      const session = await createCheckout({ lines: [{ productId: ring!.id, quantity: 1, specifications: { stoneType: 'stone1', size: ring!.size, style: null } }], userId: buyer.id });
      return priceDelivery({ checkoutId: session.checkoutId, to: chicago, methodId: ground!.id });
    };
    expect(await quote()).toMatchObject({ taxCents: 0, taxExemptReason: 'Resale certificate on file' });
    // The last day still counts; the day after does not, even before the sweep has run.
    await sql`update customers set tax_exempt_until = ${shopToday()}::date where user_id = ${buyer.id}`;
    expect(await quote()).toMatchObject({ taxExemptReason: 'Resale certificate on file' });
    await sql`update customers set tax_exempt_until = ${inDays(-1)}::date where user_id = ${buyer.id}`;
    const taxed = await quote();
    expect(taxed.taxExemptReason).toBeNull();
    expect(taxed.taxCents).toBeGreaterThan(0);
  });
});

describe('the certificate sweep', () => {
  it('reminds the buyer and the shop once, 30 days ahead, then ends the exemption after expiry, once', async () => {
    const soon = await approvedBuyer('soon', inDays(20));
    const later = await approvedBuyer('later', inDays(45));
    // Staff's own exemption has no last day: the sweep never touches it.
    const manual = await newBuyer('manual');
    await sql`update customers set tax_exempt = true, tax_exempt_reason = 'Charity', tax_exempt_until = null where user_id = ${manual.id}`;

    const first = await sweepTradeCertificates();
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await mailsOf(soon.accountId)).filter((m) => m.kind === 'certificate_expiring')).toEqual([
      { kind: 'certificate_expiring', to_address: soon.email, payload: { expiresOn: inDays(20) } },
      { kind: 'certificate_expiring', to_address: null, payload: { expiresOn: inDays(20) } },
    ]);
    expect((await eventsOf(soon.accountId)).at(-1)).toMatchObject({ kind: 'expiry_reminded', actor_id: null, detail: { expiresOn: inDays(20) } });
    expect((await mailsOf(later.accountId)).some((m) => m.kind === 'certificate_expiring')).toBe(false);

    // Again the same day: nothing new.
    await sweepTradeCertificates();
    expect((await mailsOf(soon.accountId)).filter((m) => m.kind === 'certificate_expiring')).toHaveLength(2);
    expect((await eventsOf(soon.accountId)).filter((e) => e.kind === 'expiry_reminded')).toHaveLength(1);

    // The day after the last day: the exemption ends, on the account and the buyer, with its event; once.
    const after = inDays(21);
    await sweepTradeCertificates(after);
    await sweepTradeCertificates(after);
    const [account] = await sql`select tax_exempt, certificate_expires_on::text as until from trade_accounts where id = ${soon.accountId}`;
    expect(account).toEqual({ tax_exempt: false, until: inDays(20) });
    expect(await customerOf(soon.id)).toEqual({ tax_exempt: false, tax_exempt_reason: null, until: null });
    expect((await eventsOf(soon.accountId)).filter((e) => e.kind === 'exemption_expired')).toEqual([
      { kind: 'exemption_expired', actor_id: null, actor_email: null, detail: { expiresOn: inDays(20) } },
    ]);
    expect(await customerOf(later.id)).toMatchObject({ tax_exempt: true, until: inDays(45) });
    expect(await customerOf(manual.id)).toEqual({ tax_exempt: true, tax_exempt_reason: 'Charity', until: null });
    await sql`update customers set tax_exempt = false, tax_exempt_reason = null where user_id = ${manual.id}`;
  });

  it('finds its accounts through the expiry index', async () => {
    const plans = await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(`explain select id from public.trade_accounts
                         where tax_exempt and certificate_expires_on between current_date and current_date + 30`);
    });
    expect(plans.map((p) => Object.values(p)[0]).join('\n')).toContain('trade_accounts_expiry_idx');
  });
});

describe('trade mails', () => {
  const mail = (over: Partial<OutboxMail>): OutboxMail => ({
    id: 1,
    kind: 'trade_decision',
    orderId: null,
    quoteId: null,
    to: null,
    dedupeKey: 'test',
    payload: {},
    attempts: 1,
    ...over,
  });

  it('tell the shop of an application, and the buyer of each decision and of the expiry', async () => {
    const buyer = await approvedBuyer('mail', inDays(100));
    const id = buyer.accountId;
    const notice = await composeTradeMail(mail({ kind: 'trade_application', tradeAccountId: id, payload: { resubmitted: false } }));
    expect(notice.to).toBe(env().SHOP_NOTIFY_EMAIL);
    expect(notice.subject).toBe('Trade account application: Gilded Lily Boutique');
    expect(notice.text).toContain('12-3456789');
    expect(notice.text).toContain(buyer.email);
    expect(notice.text).toContain(`/admin/trade-accounts/${id}`);

    const approved = await composeTradeMail(mail({ tradeAccountId: id, to: buyer.email, payload: { decision: 'approved', priceGroup: 'Gold', exemptUntil: '2030-03-31' } }));
    expect(approved).toMatchObject({ to: buyer.email, subject: expect.stringMatching(/^Your trade account at .+ is approved$/) });
    expect(approved.text).toContain('Price group: Gold');
    expect(approved.text).toContain('Tax exempt until March 31, 2030');

    await as(who.admin, () => askTradeAccountForMore({ accountId: id, message: 'Your certificate is <b>unsigned</b>.' }));
    const asked = await composeTradeMail(mail({ tradeAccountId: id, to: buyer.email, payload: { decision: 'more_info', note: 'Your certificate is <b>unsigned</b>.' } }));
    expect(asked.text).toContain('Your certificate is <b>unsigned</b>.');
    expect(asked.html).not.toContain('<b>unsigned</b>');

    const expiring = await composeTradeMail(mail({ kind: 'certificate_expiring', tradeAccountId: id, to: null, payload: { expiresOn: '2030-03-31' } }));
    expect(expiring.subject).toBe('Resale certificate of Gilded Lily Boutique expires on March 31, 2030');
    await expect(composeTradeMail(mail({ tradeAccountId: null }))).rejects.toThrow('names no trade account');
  });
});
