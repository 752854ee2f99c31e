// The Receivables screen from real SQL, as the demo admin under RLS, against invoices on terms written by hand and
// aged at a fixed moment: 12:00 UTC on 15 March 2026, 08:00 in New York (EDT). Every expected figure is worked out by
// hand from the fixtures: the day boundaries in the shop's time zone (due at 23:59:59 the evening before is a day late;
// due at midnight today is not), the 30/31 and 60/61-day edges, paid and void invoices left out, credit notes and part
// payments taken off, pages read from either end, the overdue filter, the CSV, who may read the rows at all, and the
// dashboard's cash collected beside revenue.
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { GET as exportGET } from '@/app/api/admin/receivables/export/route';
import { loadDashboard } from '@/lib/admin/dashboard/load';
import { receivablesCsvStream } from '@/lib/admin/receivables/export';
import { RECEIVABLES_CSV_COLUMNS } from '@/lib/admin/receivables/labels';
import { parseReceivablesQuery, type ReceivablesQuery } from '@/lib/admin/receivables/params';
import { loadReceivables, type ReceivablesClock, type ReceivablesTotals } from '@/lib/admin/receivables/query';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { AGEING_LABELS } from '@/lib/terms/labels';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest, browser, type Browser } from '../support/next-request';
import { signedInJar } from './admin-support';
import { sql } from './checkout-support';
import { INSUFFICIENT_PRIVILEGE } from './rls-support';

const NY = 'America/New_York';
const NOW = new Date('2026-03-15T12:00:00Z');
const CLOCK: ReceivablesClock = { now: NOW, timeZone: NY };
const TAG = `rv${randomUUID().slice(0, 6)}`;

let admin: DbActor;
let adminBrowser: Browser;
let buyer: Customer;
let stranger: Customer;
const accounts: Record<string, string> = {};
const orders: Record<string, string> = {};
let baseline: ReceivablesTotals;

interface Invoice {
  key: string;
  account: 'one' | 'two' | 'pages';
  /** Local time in New York. */
  due: string;
  amount: number;
  status?: string;
  credited?: number;
  paid?: number;
  number?: string;
}

// One: A due at midnight today (current), B a second before midnight (1 day late), C 30 days, D 31 days.
// Two: E 60 days, F 61, G not yet due, J 5 days late with a credit note and a part payment; H paid and I void (neither owed).
const INVOICES: Invoice[] = [
  { key: 'A', account: 'one', due: '2026-03-15 00:00:00', amount: 1_000 },
  { key: 'B', account: 'one', due: '2026-03-14 23:59:59', amount: 2_000, status: 'open', number: 'RV-B' },
  { key: 'C', account: 'one', due: '2026-02-13 00:00:00', amount: 3_000, status: 'open', number: 'RV-C' },
  { key: 'D', account: 'one', due: '2026-02-12 12:00:00', amount: 4_000, status: 'draft' },
  { key: 'E', account: 'two', due: '2026-01-14 09:00:00', amount: 5_000, status: 'open', number: 'RV-E' },
  { key: 'F', account: 'two', due: '2026-01-13 09:00:00', amount: 6_000, status: 'open', number: '=RV-F' },
  { key: 'G', account: 'two', due: '2026-04-14 09:00:00', amount: 7_000, status: 'open', number: 'RV-G' },
  { key: 'J', account: 'two', due: '2026-03-10 09:00:00', amount: 10_000, status: 'open', credited: 1_000, paid: 2_000, number: 'RV-J' },
  { key: 'H', account: 'two', due: '2026-01-01 09:00:00', amount: 8_000, status: 'paid', paid: 8_000 },
  { key: 'I', account: 'two', due: '2026-01-01 09:00:00', amount: 9_000, status: 'void' },
  // Pages: 25 of $1, due on 1–25 March: the first 14 are 14 to 1 days late, the rest current.
  ...Array.from({ length: 25 }, (_, i): Invoice => ({
    key: `P${String(i).padStart(2, '0')}`,
    account: 'pages',
    due: `2026-03-${String(1 + i).padStart(2, '0')} 10:00:00`,
    amount: 100,
    status: 'open',
  })),
];

async function newAccount(name: string, owner: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${owner}, 'approved', ${name}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, 30, 10000000)
    returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${row!.id}, ${owner}, 'owner')`;
  return row!.id;
}

/** An order and its terms invoice, as placing an order on terms writes them (service role). */
async function invoiceRow(key: string, account: string, inv: Omit<Invoice, 'key' | 'account'>): Promise<string> {
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, status, total_amount)
    values (${`RCV-${TAG}-${key}`.toUpperCase()}, ${'Receivables ' + key}, 'processing', ${inv.amount}) returning id`;
  await sql`
    insert into terms_invoices (order_id, account_id, terms_days, amount_cents, credited_cents, paid_cents, status, number, due_at, paid_at)
    values (${order!.id}, ${account}, 30, ${inv.amount}, ${inv.credited ?? 0}, ${inv.paid ?? 0}, ${inv.status ?? 'pending'}, ${inv.number ?? null},
            ${inv.due}::timestamp at time zone ${NY}, ${inv.status === 'paid' ? NOW : null})`;
  return order!.id;
}

beforeAll(async () => {
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  const jar = await signedInJar(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  adminBrowser = { ...browser(), jar: new Map(jar.cookies) };
  buyer = await newCustomer('recv-buyer');
  stranger = await newCustomer('recv-stranger');
  // What other files left open: the screen's totals are theirs plus these fixtures'.
  baseline = (await loadReceivables(admin, parseReceivablesQuery({}), CLOCK)).totals;
  accounts.one = await newAccount(`Aster ${TAG}`, buyer.id);
  accounts.two = await newAccount(`Birch ${TAG}`, (await newCustomer('recv-two')).id);
  accounts.pages = await newAccount(`Cedar ${TAG}`, (await newCustomer('recv-pages')).id);
  for (const { key, account, ...inv } of INVOICES) orders[key] = await invoiceRow(key, accounts[account]!, inv);
});

afterAll(async () => {
  await sql`delete from orders where order_reference like ${`RCV-${TAG}-%`.toUpperCase()}`;
  await sql`delete from trade_accounts where id = any(${Object.values(accounts)}::uuid[])`;
  await sql.end();
  await db().end();
});

const load = (q: Record<string, string> = {}, clock = CLOCK) => loadReceivables(admin, parseReceivablesQuery(q), clock);
const plus = (a: ReceivablesTotals, b: ReceivablesTotals): ReceivablesTotals => ({
  invoices: a.invoices + b.invoices,
  overdueInvoices: a.overdueInvoices + b.overdueInvoices,
  openCents: a.openCents + b.openCents,
  overdueCents: a.overdueCents + b.overdueCents,
  buckets: {
    current: a.buckets.current + b.buckets.current,
    late_1_30: a.buckets.late_1_30 + b.buckets.late_1_30,
    late_31_60: a.buckets.late_31_60 + b.buckets.late_31_60,
    late_over_60: a.buckets.late_over_60 + b.buckets.late_over_60,
  },
});

describe('totals and ageing', () => {
  it('sums what open invoices owe, by bucket, leaving out paid and void ones', async () => {
    const d = await load();
    // Current: A 1,000 + G 7,000 + 11 pages 1,100; 1–30: B 2,000 + C 3,000 + J 7,000 + 14 pages 1,400;
    // 31–60: D 4,000 + E 5,000; over 60: F 6,000.
    expect(d.totals).toEqual(
      plus(baseline, {
        invoices: 33,
        overdueInvoices: 20,
        openCents: 37_500,
        overdueCents: 28_400,
        buckets: { current: 9_100, late_1_30: 13_400, late_31_60: 9_000, late_over_60: 6_000 },
      }),
    );
  });

  it('ages by calendar days in the shop’s time zone, at both day boundaries and the 30/60-day edges', async () => {
    const d = await load({ account: accounts.one! });
    expect(d.account).toEqual({ id: accounts.one, businessName: `Aster ${TAG}` });
    expect(d.invoices.map((i) => [i.reference, i.daysLate, i.bucket, i.dueDay])).toEqual([
      [`RCV-${TAG}-D`.toUpperCase(), 31, 'late_31_60', '2026-02-12'],
      [`RCV-${TAG}-C`.toUpperCase(), 30, 'late_1_30', '2026-02-13'],
      [`RCV-${TAG}-B`.toUpperCase(), 1, 'late_1_30', '2026-03-14'],
      [`RCV-${TAG}-A`.toUpperCase(), 0, 'current', '2026-03-15'],
    ]);
    expect(d.invoices.map((i) => i.statusText)).toEqual([
      'Overdue, was due Feb 12, 2026',
      'Overdue, was due Feb 13, 2026',
      'Overdue, was due Mar 14, 2026',
      'Awaiting payment, due Mar 15, 2026',
    ]);
    expect(d.invoices[0]).toMatchObject({ orderId: orders.D, number: null, status: 'draft', owedCents: 4_000, businessName: `Aster ${TAG}` });
    const two = await load({ account: accounts.two! });
    expect(two.invoices.map((i) => [i.reference.slice(-1), i.daysLate, i.bucket, i.owedCents])).toEqual([
      ['F', 61, 'late_over_60', 6_000],
      ['E', 60, 'late_31_60', 5_000],
      ['J', 5, 'late_1_30', 7_000],
      ['G', -30, 'current', 7_000],
    ]);
    expect(two.totals).toEqual({
      invoices: 4,
      overdueInvoices: 3,
      openCents: 25_000,
      overdueCents: 18_000,
      buckets: { current: 7_000, late_1_30: 7_000, late_31_60: 5_000, late_over_60: 6_000 },
    });
    // In Kolkata (UTC+5:30) B's due moment is the morning of the 15th there: not late; C is still 30 days.
    const kolkata = await load({ account: accounts.one! }, { now: NOW, timeZone: 'Asia/Kolkata' });
    expect(kolkata.totals.buckets).toEqual({ current: 3_000, late_1_30: 3_000, late_31_60: 4_000, late_over_60: 0 });
    // A second past midnight in New York ages everything a day: A is now a day late.
    const tomorrow = await load({ account: accounts.one! }, { now: new Date('2026-03-16T04:00:01Z'), timeZone: NY });
    expect(tomorrow.invoices.map((i) => i.daysLate)).toEqual([32, 31, 2, 1]);
  });

  it('lists customers by what they owe overdue, with their buckets', async () => {
    const d = await load();
    const mine = d.customers.filter((c) => Object.values(accounts).includes(c.accountId));
    expect(mine.map((c) => [c.businessName, c.openCents, c.overdueCents, c.invoices])).toEqual([
      [`Birch ${TAG}`, 25_000, 18_000, 4],
      [`Aster ${TAG}`, 10_000, 9_000, 4],
      [`Cedar ${TAG}`, 2_500, 1_400, 25],
    ]);
    expect(mine[1]!.buckets).toEqual({ current: 1_000, late_1_30: 5_000, late_31_60: 4_000, late_over_60: 0 });
    expect(d.customerCount).toBeGreaterThanOrEqual(3);
    expect(d.customers.length).toBeLessThanOrEqual(10);
  });
});

describe('pages and the overdue filter', () => {
  it('pages 20 at a time in due order, the last page read from the far end; a page past the end is the last', async () => {
    const first = await load({ account: accounts.pages! });
    expect([first.total, first.page, first.totalPages]).toEqual([25, 1, 2]);
    expect(first.invoices.map((i) => i.reference.slice(-3))).toEqual(Array.from({ length: 20 }, (_, i) => `P${String(i).padStart(2, '0')}`));
    const second = await load({ account: accounts.pages!, page: '2' });
    expect(second.invoices.map((i) => i.reference.slice(-3))).toEqual(['P20', 'P21', 'P22', 'P23', 'P24']);
    expect((await load({ account: accounts.pages!, page: '99' })).page).toBe(2);
    // Every open invoice, all customers: the same order across the pages.
    const all = await load();
    expect(all.total).toBe(baseline.invoices + 33);
    const dues = all.invoices.map((i) => i.dueDay);
    expect(dues).toEqual([...dues].sort());
  });

  it('shows only invoices past their due day, and an empty page when none is', async () => {
    const late = await load({ account: accounts.pages!, filter: 'overdue' });
    expect([late.total, late.totalPages, late.invoices.length]).toEqual([14, 1, 14]);
    expect(late.invoices.every((i) => i.daysLate > 0)).toBe(true);
    const one = await load({ account: accounts.one!, filter: 'overdue' });
    expect(one.invoices.map((i) => i.reference.slice(-1))).toEqual(['D', 'C', 'B']);
    const all = await load({ filter: 'overdue' });
    expect(all.total).toBe(baseline.overdueInvoices + 20);
    expect(all.invoices.every((i) => i.daysLate > 0)).toBe(true);
    // Before any of them was due: nothing overdue, every total current.
    const early = await load({ account: accounts.one!, filter: 'overdue' }, { now: new Date('2026-01-01T12:00:00Z'), timeZone: NY });
    expect([early.total, early.invoices, early.totalPages]).toEqual([0, [], 0]);
    expect(early.totals.buckets.current).toBe(10_000);
  });

  it('reads unknown parameters as the default view', () => {
    const fallback: ReceivablesQuery = { filter: 'all', account: null, page: 1 };
    expect(parseReceivablesQuery({ filter: 'late', account: 'not-an-id', page: '-3' })).toEqual(fallback);
    expect(parseReceivablesQuery(new URLSearchParams('filter=overdue&page=3&account=' + accounts.one!.toUpperCase()))).toEqual({
      filter: 'overdue',
      account: accounts.one,
      page: 3,
    });
  });
});

async function csvOf(stream: ReadableStream<Uint8Array>): Promise<string[][]> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
  expect(text.startsWith('\ufeff')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

describe('the CSV export', () => {
  it('has the screen’s rows for a view, formula-like cells escaped', async () => {
    const [header, ...rows] = await csvOf(receivablesCsvStream(admin, { filter: 'all', account: accounts.two! }, CLOCK));
    expect(header).toEqual([...RECEIVABLES_CSV_COLUMNS]);
    expect(rows).toEqual([
      [`Birch ${TAG}`, `RCV-${TAG}-F`.toUpperCase(), "'=RV-F", '60.00', '60.00', '2026-01-13', '61', AGEING_LABELS.late_over_60, 'Overdue, was due Jan 13, 2026'],
      [`Birch ${TAG}`, `RCV-${TAG}-E`.toUpperCase(), 'RV-E', '50.00', '50.00', '2026-01-14', '60', AGEING_LABELS.late_31_60, 'Overdue, was due Jan 14, 2026'],
      [`Birch ${TAG}`, `RCV-${TAG}-J`.toUpperCase(), 'RV-J', '100.00', '70.00', '2026-03-10', '5', AGEING_LABELS.late_1_30, 'Overdue, was due Mar 10, 2026'],
      [`Birch ${TAG}`, `RCV-${TAG}-G`.toUpperCase(), 'RV-G', '70.00', '70.00', '2026-04-14', '0', AGEING_LABELS.current, 'Awaiting payment, due Apr 14, 2026'],
    ]);
    const overdue = await csvOf(receivablesCsvStream(admin, { filter: 'overdue', account: accounts.pages! }, CLOCK));
    expect(overdue).toHaveLength(1 + 14);
    const none = await csvOf(receivablesCsvStream(admin, { filter: 'overdue', account: randomUUID() }, CLOCK));
    expect(none).toEqual([[...RECEIVABLES_CSV_COLUMNS]]);
  });

  it('streams more than one batch in due order without repeating a row', async () => {
    const owner = await newCustomer('recv-bulk');
    const bulk = await newAccount(`Dahlia ${TAG}`, owner.id);
    accounts.bulk = bulk;
    // 1,005 invoices, several due at the same moment so the cursor's tie-break on the order id counts.
    await sql`
      with o as (
        insert into orders (order_reference, customer_name, status, total_amount)
        select ${`RCV-${TAG}-Z`.toUpperCase()} || lpad(i::text, 4, '0'), 'Bulk', 'processing', 100 from generate_series(1, 1005) i
        returning id, order_reference)
      insert into terms_invoices (order_id, account_id, terms_days, amount_cents, status, due_at)
      select o.id, ${bulk}, 30, 100, 'open', timestamptz '2026-02-01 15:00:00+00' + (right(o.order_reference, 4)::int / 3) * interval '1 hour'
        from o`;
    const [, ...rows] = await csvOf(receivablesCsvStream(admin, { filter: 'all', account: bulk }, CLOCK));
    expect(rows).toHaveLength(1005);
    expect(new Set(rows.map((r) => r[1])).size).toBe(1005);
    const dues = rows.map((r) => r[5]!);
    expect(dues).toEqual([...dues].sort());
  });

  it('is the admin’s: the route answers a file to the admin, 401 to a visitor and 403 to a buyer', async () => {
    const url = `http://localhost/api/admin/receivables/export?filter=overdue&account=${accounts.one}`;
    const response = await asRequest(adminBrowser, () => exportGET(new Request(url)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="receivables-overdue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = await csvOf(response.body!);
    expect(header).toEqual([...RECEIVABLES_CSV_COLUMNS]);
    // Aged at the request's own moment, after every one of them was due: all four are late.
    expect(rows.map((r) => r[1]!.slice(-1))).toEqual(['D', 'C', 'B', 'A']);
    expect(rows.every((r) => Number(r[6]) > 0)).toBe(true);
    for (const [who, status] of [[browser(), 401], [stranger.browser, 403], [buyer.browser, 403]] as const) {
      const refused = await asRequest(who, () => exportGET(new Request(url)));
      expect(refused.status).toBe(status);
      expect(((await refused.json()) as { error: string }).error).toBeTruthy();
    }
  });
});

describe('who reads terms invoices', () => {
  it('a buyer reads their own account’s rows only, a stranger none, a visitor is refused, the admin reads all', async () => {
    const read = (actor: DbActor) =>
      withActor(actor, (tx) => tx<{ order_id: string }[]>`
        select order_id from public.terms_invoices where order_id = any(${Object.values(orders)}::uuid[]) order by order_id`);
    const own = ['A', 'B', 'C', 'D'].map((k) => orders[k]!).sort();
    expect((await read({ role: 'authenticated', userId: buyer.id, email: buyer.email })).map((r) => r.order_id)).toEqual(own);
    expect(await read({ role: 'authenticated', userId: stranger.id, email: stranger.email })).toEqual([]);
    // A visitor has no grant on the table at all.
    await expect(read({ role: 'anon' })).rejects.toMatchObject({ code: INSUFFICIENT_PRIVILEGE });
    expect(await read(admin)).toHaveLength(Object.keys(orders).length);
  });
});

describe('the dashboard’s cash collected', () => {
  it('is revenue less what was ordered on terms, plus the invoice payments received in the period', async () => {
    // June 1999, before every other fixture: a card order of 50.00 and a terms order of 100.00 placed in June (40.00
    // of it paid on 10 June), and a terms order of 30.00 placed in May and paid in full on 12 June.
    const at = (day: string) => `${day}T16:00:00Z`;
    const placed = [
      { key: 'card', at: at('1999-06-05'), amount: 5_000, method: 'card', provider: 'stripe' },
      { key: 'terms', at: at('1999-06-05'), amount: 10_000, method: 'invoice', provider: 'stripe_invoice', paid: 4_000, paidAt: at('1999-06-10') },
      { key: 'may', at: at('1999-05-20'), amount: 3_000, method: 'invoice', provider: 'stripe_invoice', paid: 3_000, paidAt: at('1999-06-12') },
    ];
    for (const p of placed) {
      const [o] = await sql<{ id: string }[]>`
        insert into orders (order_reference, customer_name, status, total_amount, created_at, updated_at)
        values (${`RCV-${TAG}-CASH-${p.key}`.toUpperCase()}, 'Cash', 'processing', ${p.amount}, ${p.at}, ${p.at}) returning id`;
      await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
                values (${o!.id}, ${p.provider}, ${`cash_${TAG}_${p.key}`}, ${p.amount}, 'completed', ${p.method}, ${p.at})`;
      if (p.paid) {
        await sql`insert into terms_invoices (order_id, account_id, terms_days, amount_cents, paid_cents, status, due_at, paid_at, created_at)
                  values (${o!.id}, ${accounts.two!}, 30, ${p.amount}, ${p.paid}, ${p.paid === p.amount ? 'paid' : 'open'},
                          ${p.at}::timestamptz + interval '30 days', ${p.paidAt!}, ${p.at})`;
      }
    }
    const june = await loadDashboard(admin, 'this-month', { now: new Date('1999-06-20T12:00:00Z'), timeZone: NY });
    expect(june.totals.revenueCents).toBe(15_000);
    expect(june.cash).toEqual({ collectedCents: 12_000, invoicedCents: 10_000, invoicePaymentsCents: 7_000 });
    const may = await loadDashboard(admin, 'last-month', { now: new Date('1999-06-20T12:00:00Z'), timeZone: NY });
    expect(may.totals.revenueCents).toBe(3_000);
    expect(may.cash).toEqual({ collectedCents: 0, invoicedCents: 3_000, invoicePaymentsCents: 0 });
  });
});
