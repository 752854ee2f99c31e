import 'server-only';
// Reading quotes: one quote with its lines in one statement, as whoever the caller is (RLS decides: the owner and
// admins), or as the service role for the holder of the quote's signed link. The shop's calendar decides expiry.
import { asServiceRole, withActor, type DbActor, type DbRow, type Tx } from '../core/db';
import { env } from '../core/env';
import { isUuid } from '../core/validation/text';
import { isCategory } from '../catalog/categories';
import { specificationsText } from '../purchase/labels';
import { isQuoteToken } from './link';
import { effectiveStatus, type Quote, type QuoteLine, type QuoteStatus } from './types';

/** Today in the shop's time zone, 'YYYY-MM-DD' (the last valid day of a quote is a day of the shop's calendar). */
export function shopToday(timeZone = env().SHOP_TIME_ZONE, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

type QuoteRow = DbRow<
  'quotes',
  'id' | 'reference' | 'user_id' | 'name' | 'email' | 'phone' | 'message' | 'shop_message' | 'decline_reason' | 'order_id' | 'created_at' | 'quoted_at'
> & {
  status: QuoteStatus;
  /** Read as text ('2026-12-29'). */
  valid_until: string | null;
  lines: {
    position: number;
    product_id: string;
    product_category: string;
    name: string;
    sku: string | null;
    specifications: QuoteLine['specifications'];
    quantity: number;
    unit_price_cents: number | string | null;
  }[];
};

export function toQuote(row: QuoteRow, today: string): Quote {
  const quote: Quote = {
    id: row.id,
    reference: row.reference,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    validUntil: row.valid_until,
    shopMessage: row.shop_message,
    declineReason: row.decline_reason,
    orderId: row.order_id,
    createdAt: new Date(row.created_at).toISOString(),
    quotedAt: row.quoted_at ? new Date(row.quoted_at).toISOString() : null,
    lines: row.lines.flatMap((l) =>
      isCategory(l.product_category)
        ? [{
            position: l.position,
            productId: l.product_id,
            category: l.product_category,
            name: l.name,
            sku: l.sku,
            specifications: l.specifications,
            // The words of the stored choices, with the labels every order line uses.
            specificationsText: specificationsText({ specifications: l.specifications, product: { category: l.product_category } }),
            quantity: l.quantity,
            unitPriceCents: l.unit_price_cents === null ? null : Number(l.unit_price_cents),
          }]
        : [],
    ),
  };
  return { ...quote, status: effectiveStatus(quote, today) };
}

/** One quote and its lines, in the caller's transaction (RLS applies); `lock` holds the row until the commit. */
export async function readQuote(tx: Tx, id: string, lock = false): Promise<Quote | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx<QuoteRow[]>`
    select q.id, q.reference, q.user_id, q.name, q.email, q.phone, q.message, q.status, q.valid_until::text as valid_until,
           q.shop_message, q.decline_reason, q.order_id, q.created_at, q.quoted_at,
           coalesce((select json_agg(json_build_object(
                       'position', l.position, 'product_id', l.product_id, 'product_category', l.product_category,
                       'name', l.name, 'sku', l.sku, 'specifications', l.specifications, 'quantity', l.quantity,
                       'unit_price_cents', l.unit_price_cents) order by l.position)
                       from public.quote_lines l where l.quote_id = q.id), '[]') as lines
      from public.quotes q where q.id = ${id}
      ${lock ? tx`for update of q` : tx``}`;
  return row ? toQuote(row, shopToday()) : null;
}

/** The quote for its buyer: through the signed link (service role), else as the signed-in actor (RLS). */
export async function getQuoteForBuyer(id: string, token: string | null, actor: DbActor): Promise<Quote | null> {
  if (!isUuid(id)) return null;
  if (isQuoteToken(id, token)) return asServiceRole((tx) => readQuote(tx, id));
  if (actor.role !== 'authenticated') return null;
  return withActor(actor, (tx) => readQuote(tx, id));
}

export interface QuoteSummary {
  id: string;
  reference: string;
  /** The buyer who asked; null for a guest's request. */
  userId: string | null;
  status: QuoteStatus;
  createdAt: string;
  validUntil: string | null;
  lineCount: number;
  pieces: number;
  /** Null until every line is priced. */
  totalCents: number | null;
  name: string;
  email: string;
}

interface SummaryRow {
  id: string;
  reference: string;
  user_id: string | null;
  status: QuoteStatus;
  created_at: Date;
  valid_until: string | null;
  line_count: number;
  pieces: number;
  total_cents: string | null;
  name: string;
  email: string;
  total: number;
}

/**
 * A page of quotes as `tx`'s actor may see them (a customer their own and their trade account's, an admin all),
 * newest first, with the count; `userIds` narrows them to those buyers'.
 */
export async function pageOfQuotes(
  tx: Tx,
  where: { userId?: string; userIds?: readonly string[]; status?: QuoteStatus | null },
  page: number,
  size: number,
): Promise<{ quotes: QuoteSummary[]; total: number }> {
  const today = shopToday();
  // 'Expired' also finds quoted quotes past their last day; 'Quoted' leaves them out.
  const status =
    where.status === 'expired'
      ? tx`and (q.status = 'expired' or (q.status = 'quoted' and q.valid_until < ${today}::date))`
      : where.status === 'quoted'
        ? tx`and q.status = 'quoted' and q.valid_until >= ${today}::date`
        : where.status
          ? tx`and q.status = ${where.status}`
          : tx``;
  const owner = where.userIds
    ? tx`and q.user_id = any(${[...where.userIds]}::uuid[])`
    : where.userId
      ? tx`and q.user_id = ${where.userId}`
      : tx``;
  const rows = await tx<SummaryRow[]>`
    select q.id, q.reference, q.user_id, q.status, q.created_at, q.valid_until::text as valid_until, q.name, q.email,
           l.line_count, l.pieces, l.total_cents, count(*) over ()::int as total
      from public.quotes q
      cross join lateral (
        select count(*)::int as line_count, coalesce(sum(quantity), 0)::int as pieces,
               case when bool_and(unit_price_cents is not null) then sum(unit_price_cents * quantity) end::text as total_cents
          from public.quote_lines where quote_id = q.id) l
     where true ${owner} ${status}
     order by q.created_at desc, q.id desc
     limit ${size} offset ${(page - 1) * size}`;
  return {
    total: rows[0]?.total ?? 0,
    quotes: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      userId: r.user_id,
      status: effectiveStatus({ status: r.status, validUntil: r.valid_until }, today),
      createdAt: new Date(r.created_at).toISOString(),
      validUntil: r.valid_until,
      lineCount: r.line_count,
      pieces: r.pieces,
      totalCents: r.total_cents === null ? null : Number(r.total_cents),
      name: r.name,
      email: r.email,
    })),
  };
}
