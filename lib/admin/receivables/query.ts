import 'server-only';
// The Receivables screen: what trade accounts owe on invoices still open (pending, draft or open), aged by calendar
// days past the due day in the shop's time zone, read as the admin under RLS. Everything is summed and paged in SQL:
// one statement aggregates the open rows per account (the totals, the buckets and the customers owing the most),
// then a page of 20 is read in due order from the partial index on open rows (due_at, order_id), from its nearer end
// for a deep page, and only those 20 are joined to their order and account.
import { withActor, type DbActor, type Tx } from '../../core/db';
import { formatDate } from '../../core/format/date';
import { nearestEndWindow, totalPagesFor } from '../../core/pagination';
import { orderReference } from '../../orders/reference';
import { termsPaymentText } from '../../terms/labels';
import { AGEING_BUCKETS, type AgeingBucket, type TermsInvoiceStatus } from '../../terms/rules';
import { RECEIVABLES_CUSTOMERS_SHOWN, RECEIVABLES_PAGE_SIZE, type ReceivablesQuery } from './params';

type Fragment = ReturnType<Tx['unsafe']>;

export interface ReceivablesClock {
  now: Date;
  timeZone: string;
}

export type BucketCents = Record<AgeingBucket, number>;

export interface ReceivablesTotals {
  invoices: number;
  overdueInvoices: number;
  openCents: number;
  overdueCents: number;
  buckets: BucketCents;
}

export interface CustomerReceivable extends ReceivablesTotals {
  accountId: string;
  businessName: string;
}

export interface OpenInvoice {
  orderId: string;
  reference: string;
  accountId: string;
  businessName: string;
  number: string | null;
  amountCents: number;
  owedCents: number;
  /** 'YYYY-MM-DD', the due day in the shop's time zone. */
  dueDay: string;
  dueOn: string;
  /** Calendar days past the due day; 0 or less when not yet late. */
  daysLate: number;
  bucket: AgeingBucket;
  status: TermsInvoiceStatus;
  statusText: string;
  lastPaymentError: string | null;
}

export interface ReceivablesPage {
  totals: ReceivablesTotals;
  customers: CustomerReceivable[];
  customerCount: number;
  /** The account of ?account=, or null (none asked, or not found). */
  account: { id: string; businessName: string } | null;
  invoices: OpenInvoice[];
  /** Invoices in the list (its filter's count). */
  total: number;
  page: number;
  totalPages: number;
}

// ---- SQL shared with the export ----

/** Today's calendar day in the shop's time zone. */
const today = (tx: Tx, clock: ReceivablesClock) => tx`(${clock.now}::timestamptz at time zone ${clock.timeZone}::text)::date`;

/** Calendar days from the row's due day to today (the rule of lib/terms/rules.ts, daysLate). */
const lateSql = (tx: Tx, clock: ReceivablesClock) => tx`(${today(tx, clock)} - (t.due_at at time zone ${clock.timeZone}::text)::date)`;

/** The ageing bucket of a number of days late (lib/terms/rules.ts, ageingBucket). */
const bucketSql = (tx: Tx, late: Fragment) => tx`
  case when ${late} <= 0 then 'current' when ${late} <= 30 then 'late_1_30' when ${late} <= 60 then 'late_31_60' else 'late_over_60' end`;

/**
 * Open invoices of a view. The statuses are written out as the partial indexes' predicate is, so the planner can use
 * them; overdue is a range on due_at (before today's local midnight), so the due-order index serves it as well.
 */
export function openInvoicesWhere(tx: Tx, clock: ReceivablesClock, query: Pick<ReceivablesQuery, 'filter' | 'account'>): Fragment {
  let where = tx`t.status in ('pending', 'draft', 'open')`;
  if (query.account) where = tx`${where} and t.account_id = ${query.account}`;
  if (query.filter === 'overdue') where = tx`${where} and t.due_at < (${today(tx, clock)}::timestamp at time zone ${clock.timeZone}::text)`;
  return where;
}

export interface InvoiceRow {
  order_id: string;
  order_reference: string | null;
  account_id: string;
  business_name: string;
  number: string | null;
  amount_cents: string;
  owed: string;
  due_at: Date;
  /** due_at to the microsecond (a Date keeps milliseconds), where the export's next batch starts. */
  due_at_text: string;
  due_day: string;
  late: number;
  bucket: AgeingBucket;
  status: TermsInvoiceStatus;
  paid_out_of_band: boolean;
  last_payment_error: string | null;
}

/** A run of open invoices in due order (or its reverse), joined to their order and account once picked. */
export function selectInvoices(tx: Tx, clock: ReceivablesClock, where: Fragment, read: { ascending: boolean; limit: number; offset: number }) {
  const scan = tx.unsafe(read.ascending ? 'asc' : 'desc');
  const late = lateSql(tx, clock);
  return tx<InvoiceRow[]>`
    with ids as (
      select t.order_id, t.due_at from public.terms_invoices t
       where ${where}
       order by t.due_at ${scan}, t.order_id ${scan}
       limit ${read.limit} offset ${read.offset}
    )
    select t.order_id, o.order_reference, t.account_id, a.business_name, t.number, t.amount_cents,
           greatest(t.amount_cents - t.credited_cents - t.paid_cents, 0) as owed,
           t.due_at, t.due_at::text as due_at_text, to_char((t.due_at at time zone ${clock.timeZone}::text)::date, 'YYYY-MM-DD') as due_day,
           ${late}::int as late, ${bucketSql(tx, late)} as bucket,
           t.status, t.paid_out_of_band, t.last_payment_error
      from ids
      join public.terms_invoices t on t.order_id = ids.order_id
      join public.orders o on o.id = t.order_id
      join public.trade_accounts a on a.id = t.account_id
     order by ids.due_at ${scan}, ids.order_id ${scan}`;
}

/** A row as the screen and the file show it. */
export function toOpenInvoice(r: InvoiceRow, timeZone: string): OpenInvoice {
  const dueOn = formatDate(r.due_at, timeZone);
  return {
    orderId: r.order_id,
    reference: orderReference({ id: r.order_id, order_reference: r.order_reference }),
    accountId: r.account_id,
    businessName: r.business_name,
    number: r.number,
    amountCents: Number(r.amount_cents),
    owedCents: Number(r.owed),
    dueDay: r.due_day,
    dueOn,
    daysLate: r.late,
    bucket: r.bucket,
    status: r.status,
    statusText: termsPaymentText({ status: r.status, dueOn, paidOn: null, overdue: r.late > 0, outOfBand: r.paid_out_of_band }),
    lastPaymentError: r.last_payment_error,
  };
}

// ---- the screen ----

interface SumsJson {
  invoices: number;
  overdue_invoices: number;
  open: number;
  overdue: number;
  current: number;
  late_1_30: number;
  late_31_60: number;
  late_over_60: number;
}

interface FiguresJson {
  totals: SumsJson;
  customer_count: number;
  customers: (SumsJson & { account_id: string; business_name: string })[];
  account: { id: string; business_name: string } | null;
}

function toTotals(s: SumsJson): ReceivablesTotals {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, Number(s[b] ?? 0)])) as BucketCents;
  return {
    invoices: Number(s.invoices ?? 0),
    overdueInvoices: Number(s.overdue_invoices ?? 0),
    openCents: Number(s.open ?? 0),
    overdueCents: Number(s.overdue ?? 0),
    buckets,
  };
}

/**
 * The totals, the customers owing the most and the account asked for, in one pass over the open rows. Each bucket is a
 * range of due_at between local midnights worked out once (b), so no row's due day is converted: the same days as
 * lateSql gives, at a comparison a row rather than a time zone conversion per row and bucket.
 */
function queryFigures(tx: Tx, clock: ReceivablesClock, query: ReceivablesQuery) {
  const tz = clock.timeZone;
  const owed = tx`greatest(t.amount_cents - t.credited_cents - t.paid_cents, 0)`;
  return tx<[{ figures: FiguresJson }]>`
    with b as materialized (
      select (d.today::timestamp at time zone ${tz}::text) as t0,
             ((d.today - 30)::timestamp at time zone ${tz}::text) as t30,
             ((d.today - 60)::timestamp at time zone ${tz}::text) as t60
        from (select ${today(tx, clock)} as today) d
    ),
    per as (
      select t.account_id, count(*) as invoices, count(*) filter (where t.due_at < b.t0) as overdue_invoices,
             sum(${owed}) as open,
             coalesce(sum(${owed}) filter (where t.due_at < b.t0), 0) as overdue,
             coalesce(sum(${owed}) filter (where t.due_at >= b.t0), 0) as current,
             coalesce(sum(${owed}) filter (where t.due_at >= b.t30 and t.due_at < b.t0), 0) as late_1_30,
             coalesce(sum(${owed}) filter (where t.due_at >= b.t60 and t.due_at < b.t30), 0) as late_31_60,
             coalesce(sum(${owed}) filter (where t.due_at < b.t60), 0) as late_over_60
        from b, public.terms_invoices t
       where ${openInvoicesWhere(tx, clock, { filter: 'all', account: query.account })}
       group by t.account_id
    )
    select json_build_object(
      'totals', (
        select json_build_object(
                 'invoices', coalesce(sum(invoices), 0), 'overdue_invoices', coalesce(sum(overdue_invoices), 0),
                 'open', coalesce(sum(open), 0), 'overdue', coalesce(sum(overdue), 0), 'current', coalesce(sum(current), 0),
                 'late_1_30', coalesce(sum(late_1_30), 0), 'late_31_60', coalesce(sum(late_31_60), 0),
                 'late_over_60', coalesce(sum(late_over_60), 0))
          from per),
      'customer_count', (select count(*) from per),
      'customers', coalesce((
        select json_agg(c) from (
          select p.*, a.business_name
            from per p join public.trade_accounts a on a.id = p.account_id
           order by p.overdue desc, p.open desc, a.business_name, p.account_id
           limit ${RECEIVABLES_CUSTOMERS_SHOWN}) c), '[]'),
      'account', ${query.account
        ? tx`(select json_build_object('id', a.id, 'business_name', a.business_name) from public.trade_accounts a where a.id = ${query.account})`
        : tx`null::json`}
    ) as figures`;
}

export async function loadReceivables(actor: DbActor, query: ReceivablesQuery, clock: ReceivablesClock): Promise<ReceivablesPage> {
  return withActor(actor, async (tx) => {
    const [{ figures }] = await queryFigures(tx, clock, query);
    const totals = toTotals(figures.totals);
    const total = query.filter === 'overdue' ? totals.overdueInvoices : totals.invoices;
    const totalPages = totalPagesFor(total, RECEIVABLES_PAGE_SIZE);
    const page = Math.max(1, Math.min(query.page, totalPages || 1));
    const window = nearestEndWindow(page, RECEIVABLES_PAGE_SIZE, total);
    const rows = window.limit > 0
      ? await selectInvoices(tx, clock, openInvoicesWhere(tx, clock, query), { ascending: !window.reverse, ...window })
      : [];
    if (window.reverse) rows.reverse();
    return {
      totals,
      customers: figures.customers.map((c) => ({ ...toTotals(c), accountId: c.account_id, businessName: c.business_name })),
      customerCount: figures.customer_count,
      account: figures.account ? { id: figures.account.id, businessName: figures.account.business_name } : null,
      invoices: rows.map((r) => toOpenInvoice(r, clock.timeZone)),
      total,
      page,
      totalPages,
    };
  });
}
