// Payment terms in the back office, on real Postgres with RLS and the Stripe stand-in's Invoicing: staff give an
// approved trade account Net 15/30/60 and a credit limit (the history names who), a buyer cannot give them to
// themselves (the table's guard, under the shop's role and the Data API's own), an account that is not approved is
// refused, and bad input is refused beside its field. An order placed on terms through the real checkout routes shows
// its invoice on the orders screen; staff mark it paid by check or wire, or void it, through Stripe.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), after: vi.fn() }));

import { POST as saveAddress } from '@/app/api/checkout/address/route';
import { POST as placeOnTerms } from '@/app/api/checkout/invoice/route';
import { finishOrderOnTerms } from '@/lib/terms/place';
import { POST as openCheckout } from '@/app/api/checkout/session/route';
import { markInvoicePaid, voidInvoice } from '@/lib/admin/orders/actions';
import { TERMS_PANEL } from '@/lib/admin/orders/labels';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { setTradeTerms } from '@/lib/admin/trade/actions';
import { loadTradeAccountDetail } from '@/lib/admin/trade/detail';
import { TERMS_TEXT } from '@/lib/admin/trade/labels';
import { termsSchema } from '@/lib/admin/trade/schema';
import type { CheckoutSessionResponse } from '@/lib/checkout/api';
import { ADMIN_DASHBOARD_TAG, TRADE_ACCOUNTS_TAG } from '@/lib/core/cache/tags';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { formatDate } from '@/lib/core/format/date';
import { termsPaymentText } from '@/lib/terms/labels';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest, browser, type Browser } from '../support/next-request';
import { paidOrder, signedInJar } from './admin-support';
import {
  ADDRESS, insertProducts, removeProducts, restoreDelivery, setDelivery, sql, startWebhookEndpoint, type TestProducts, type WebhookEndpoint,
} from './checkout-support';
import { INSUFFICIENT_PRIVILEGE } from './rls-support';

const TZ = 'America/New_York';
let p: TestProducts;
let admin: Browser;
let adminActor: DbActor;
let adminId: string;
let endpoint: WebhookEndpoint;
const accounts: string[] = [];

beforeAll(async () => {
  p = await insertProducts();
  const jar = await signedInJar(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  admin = { ...browser(), jar: new Map(jar.cookies) };
  const [row] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  adminId = row!.id;
  adminActor = { role: 'authenticated', userId: adminId, email: DEMO_USERS.admin.email };
  // Stripe's invoice events go to the app's webhook route, in this process.
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, retryDelaysMs: [200, 400] });
});

afterAll(async () => {
  await restoreDelivery();
  await endpoint.close();
  await sql`delete from orders where id in (select order_id from terms_invoices where account_id = any(${accounts}::uuid[]))`;
  await sql`delete from trade_accounts where id = any(${accounts}::uuid[])`;
  await removeProducts(p);
  await sql.end();
  await db().end();
});

/** A buyer who owns an account of `status`, with terms when given. */
async function accountOf(status: string, terms: { days: number; limitCents: number } | null = null) {
  const owner = await newCustomer(`terms-${status}`, 'Terms Owner');
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${owner.id}, ${status}, 'Net Boutique', 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })},
            ${terms?.days ?? null}, ${terms?.limitCents ?? null})
    returning id`;
  accounts.push(account!.id);
  await sql`insert into trade_account_members (account_id, user_id, role) values (${account!.id}, ${owner.id}, 'owner')`;
  return { owner, id: account!.id };
}

const asAdmin = <T>(fn: () => Promise<T>) => asRequest(admin, fn);
const termsOf = async (id: string) =>
  (await sql<{ payment_terms_days: number | null; credit_limit_cents: string | null }[]>`
    select payment_terms_days, credit_limit_cents from trade_accounts where id = ${id}`)[0]!;
const eventsOf = (id: string) =>
  sql<{ kind: string; detail: Record<string, unknown>; actor_id: string | null; actor_email: string | null }[]>`
    select kind, detail, actor_id, actor_email from trade_account_events where account_id = ${id} order by id`;

describe('giving an account payment terms', () => {
  it('staff give an approved account Net 30 with a limit, shown with what is open; the history names who', async () => {
    const { id } = await accountOf('approved');
    vi.mocked(revalidateTag).mockClear();
    const saved = await asAdmin(() => setTradeTerms({ accountId: id, paymentTermsDays: '30', creditLimit: '5,000' }));
    expect(saved).toEqual({ ok: true, data: { businessName: 'Net Boutique', changed: true }, message: TERMS_TEXT.saved('Net Boutique') });
    expect(vi.mocked(revalidateTag).mock.calls.map((c) => c[0])).toContain(TRADE_ACCOUNTS_TAG);
    expect(await termsOf(id)).toEqual({ payment_terms_days: 30, credit_limit_cents: '500000' });
    expect(await eventsOf(id)).toEqual([
      { kind: 'changed', detail: { paymentTermsDays: 30, creditLimitCents: 500000 }, actor_id: adminId, actor_email: DEMO_USERS.admin.email },
    ]);
    expect((await loadTradeAccountDetail(adminActor, id))?.account).toMatchObject({ paymentTermsDays: 30, creditLimitCents: 500000, openInvoiceCents: 0 });

    // The same terms again write nothing; None takes both away.
    expect(await asAdmin(() => setTradeTerms({ accountId: id, paymentTermsDays: '30', creditLimit: '5000.00' }))).toMatchObject({ ok: true, data: { changed: false } });
    expect(await asAdmin(() => setTradeTerms({ accountId: id, paymentTermsDays: '', creditLimit: '' }))).toMatchObject({ ok: true, data: { changed: true } });
    expect(await termsOf(id)).toEqual({ payment_terms_days: null, credit_limit_cents: null });
    expect((await eventsOf(id)).map((e) => e.detail)).toEqual([
      { paymentTermsDays: 30, creditLimitCents: 500000 },
      { paymentTermsDays: null, creditLimitCents: null },
    ]);
  });

  it('a buyer cannot give themselves terms: not through the action, the shop’s role or the Data API’s', async () => {
    const { owner, id } = await accountOf('approved');
    expect(await asRequest(owner.browser, () => setTradeTerms({ accountId: id, paymentTermsDays: '60', creditLimit: '1000000' }))).toMatchObject({ ok: false, status: 403 });
    const buyer: DbActor = { role: 'authenticated', userId: owner.id, email: owner.email };
    const update = `update public.trade_accounts set payment_terms_days = 60, credit_limit_cents = 100000000 where id = '${id}'`;
    await expect(withActor(buyer, (tx) => tx.unsafe(update))).rejects.toMatchObject({ code: INSUFFICIENT_PRIVILEGE, message: 'Only staff decide on a trade account.' });
    // What PostgREST runs for the buyer's token: the API role itself, with the token's claims.
    const claims = JSON.stringify({ sub: owner.id, role: 'authenticated', aud: 'authenticated', email: owner.email });
    await expect(
      sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
        await tx.unsafe(update);
      }),
    ).rejects.toMatchObject({ code: INSUFFICIENT_PRIVILEGE, message: 'Only staff decide on a trade account.' });
    expect(await termsOf(id)).toEqual({ payment_terms_days: null, credit_limit_cents: null });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('refuses terms on an account that is not approved, and an unknown account', async () => {
    for (const status of ['pending', 'more_info', 'declined']) {
      const { id } = await accountOf(status);
      const refused = await asAdmin(() => setTradeTerms({ accountId: id, paymentTermsDays: '15', creditLimit: '2500' }));
      expect(refused).toEqual({ ok: false, status: 409, error: TERMS_TEXT.notApproved });
      expect(await termsOf(id)).toEqual({ payment_terms_days: null, credit_limit_cents: null });
      expect(await eventsOf(id)).toEqual([]);
    }
    const unknown = await asAdmin(() => setTradeTerms({ accountId: crypto.randomUUID(), paymentTermsDays: '15', creditLimit: '2500' }));
    expect(unknown).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses Net 45, a negative or malformed limit, and terms without a limit, beside the field', async () => {
    const { id } = await accountOf('approved');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ paymentTermsDays: '45', creditLimit: '1000' }, 'paymentTermsDays', TERMS_TEXT.daysInvalid],
      [{ paymentTermsDays: 45, creditLimit: '1000' }, 'paymentTermsDays', TERMS_TEXT.daysInvalid],
      [{ paymentTermsDays: '30', creditLimit: '-1' }, 'creditLimit', TERMS_TEXT.limitRange],
      [{ paymentTermsDays: '30', creditLimit: '1000000000.01' }, 'creditLimit', TERMS_TEXT.limitRange],
      [{ paymentTermsDays: '30', creditLimit: '12.345' }, 'creditLimit', TERMS_TEXT.limitInvalid],
      [{ paymentTermsDays: '30', creditLimit: 'lots' }, 'creditLimit', TERMS_TEXT.limitInvalid],
      [{ paymentTermsDays: '30', creditLimit: '' }, 'creditLimit', TERMS_TEXT.limitRequired],
      [{ paymentTermsDays: '60', creditLimit: null }, 'creditLimit', TERMS_TEXT.limitRequired],
    ];
    for (const [fields, field, message] of cases) {
      const input = { accountId: id, ...fields };
      expect(termsSchema.safeParse(input).success, JSON.stringify(fields)).toBe(false);
      const refused = await asAdmin(() => setTradeTerms(input));
      expect(refused, JSON.stringify(fields)).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    }
    // The bounds themselves are fine: $0 and a billion dollars.
    expect(termsSchema.parse({ accountId: id, paymentTermsDays: '15', creditLimit: '0' })).toMatchObject({ creditLimitCents: 0 });
    expect(termsSchema.parse({ accountId: id, paymentTermsDays: 15, creditLimit: 1_000_000_000 })).toMatchObject({ creditLimitCents: 100_000_000_000 });
    expect(await termsOf(id)).toEqual({ payment_terms_days: null, credit_limit_cents: null });
    expect(await eventsOf(id)).toEqual([]);
  });
});

// ---- An order on terms: the stand-in's Invoicing makes, finalizes and sends its Stripe invoice. ----

const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', host: 'localhost' }, body: JSON.stringify(body) });

/** Three test rings bought on terms through the checkout routes, as `who`. */
async function orderOnTerms(who: Customer): Promise<{ orderId: string; reference: string; totalCents: number }> {
  const opened = await asRequest(who.browser, () =>
    openCheckout(post('/api/checkout/session', { lines: [{ productId: p.ring, quantity: 3, specifications: { stoneType: 'stone2' } }] })),
  );
  expect(opened.status).toBe(200);
  const session = (await opened.json()) as CheckoutSessionResponse;
  const saved = await asRequest(who.browser, () =>
    saveAddress(post('/api/checkout/address', { checkoutId: session.checkoutId, email: who.email, purchaseOrder: '', sameAsShipping: true, shipping: ADDRESS })),
  );
  expect(saved.status).toBe(200);
  const placed = await asRequest(who.browser, () => placeOnTerms(post('/api/checkout/invoice', { checkoutId: session.checkoutId })));
  expect(placed.status).toBe(200);
  const body = (await placed.json()) as { orderId: string; reference: string };
  // What the route leaves to after() (mocked here): the Stripe invoice, made and sent.
  await finishOrderOnTerms(body.orderId);
  const [order] = await sql<{ total_amount: string }[]>`select total_amount from orders where id = ${body.orderId}`;
  return { ...body, totalCents: Number(order!.total_amount) };
}

async function shown(orderId: string) {
  const page = await loadAdminOrders(adminActor, { status: null, sort: 'newest', page: 1 }, TZ, orderId);
  return page.orders[0]!;
}

const invoiceRow = async (orderId: string) =>
  (await sql<{ status: string; paid_out_of_band: boolean; due_at: Date; paid_at: Date | null }[]>`
    select status, paid_out_of_band, due_at, paid_at from terms_invoices where order_id = ${orderId}`)[0]!;

describe('an order on terms in the back office', () => {
  let buyer: Customer;
  let accountId: string;

  beforeAll(async () => {
    const made = await accountOf('approved', { days: 30, limitCents: 500_000 });
    buyer = made.owner;
    accountId = made.id;
  });

  it('shows its open invoice: the terms text, Net days, number, what is owed and Stripe’s links; the account what is open', async () => {
    const order = await orderOnTerms(buyer);
    const row = await invoiceRow(order.orderId);
    expect(row.status).toBe('open');
    const o = await shown(order.orderId);
    expect(o.terms).toEqual({
      status: 'open',
      days: 30,
      number: expect.any(String),
      amountCents: order.totalCents,
      owedCents: order.totalCents,
      hostedUrl: expect.stringMatching(/^http/),
      pdfUrl: expect.stringMatching(/^http/),
      text: termsPaymentText({ status: 'open', dueOn: formatDate(row.due_at, TZ), paidOn: null, overdue: false, outOfBand: false }),
      lastError: null,
    });
    expect(o.terms!.text).toMatch(/^Awaiting payment, due /);
    const detail = await loadTradeAccountDetail(adminActor, accountId);
    expect(detail?.account.openInvoiceCents).toBeGreaterThanOrEqual(order.totalCents);
  });

  it('staff mark it paid by check or wire through Stripe; once only, and never a buyer', async () => {
    const order = await orderOnTerms(buyer);
    expect(await asRequest(buyer.browser, () => markInvoicePaid({ orderId: order.orderId }))).toMatchObject({ ok: false, status: 403 });
    expect((await invoiceRow(order.orderId)).status).toBe('open');

    vi.mocked(revalidateTag).mockClear();
    const done = await asAdmin(() => markInvoicePaid({ orderId: order.orderId }));
    expect(done).toEqual({ ok: true, data: { reference: order.reference }, message: TERMS_PANEL.paidDone(order.reference) });
    expect(vi.mocked(revalidateTag).mock.calls.map((c) => c[0])).toContain(ADMIN_DASHBOARD_TAG);
    const row = await invoiceRow(order.orderId);
    expect(row).toMatchObject({ status: 'paid', paid_out_of_band: true, paid_at: expect.any(Date) });
    const o = await shown(order.orderId);
    expect(o.terms).toMatchObject({ status: 'paid', owedCents: 0, text: `Paid by check or wire on ${formatDate(row.paid_at!, TZ)}` });

    expect(await asAdmin(() => markInvoicePaid({ orderId: order.orderId }))).toEqual({ ok: false, status: 409, error: 'The invoice is paid already.' });
    expect(await asAdmin(() => voidInvoice({ orderId: order.orderId }))).toEqual({ ok: false, status: 409, error: 'The invoice is paid already.' });
  });

  it('staff void it through Stripe: nothing more is owed and its payment leaves revenue', async () => {
    const order = await orderOnTerms(buyer);
    expect(await asRequest(buyer.browser, () => voidInvoice({ orderId: order.orderId }))).toMatchObject({ ok: false, status: 403 });
    const done = await asAdmin(() => voidInvoice({ orderId: order.orderId }));
    expect(done).toEqual({ ok: true, data: { reference: order.reference }, message: TERMS_PANEL.voidDone(order.reference) });
    expect((await invoiceRow(order.orderId)).status).toBe('void');
    expect((await shown(order.orderId)).terms).toMatchObject({ status: 'void', text: 'Invoice void' });
    const [payment] = await sql<{ status: string }[]>`select status from transactions where order_id = ${order.orderId} and provider = 'stripe_invoice'`;
    expect(payment?.status).toBe('void');
  });

  it('refuses an order that is not on terms, and a malformed id', async () => {
    const card = (await paidOrder(sql, 4_000, 'processing')).id;
    expect(await asAdmin(() => markInvoicePaid({ orderId: card }))).toEqual({ ok: false, status: 404, error: TERMS_PANEL.notOnTerms });
    expect(await asAdmin(() => voidInvoice({ orderId: 'not-an-order' }))).toMatchObject({ ok: false, status: 400, fieldErrors: { orderId: 'That is not an order id.' } });
    expect((await shown(card)).terms).toBeNull();
  });
});
