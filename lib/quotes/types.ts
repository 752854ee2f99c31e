// Quotes as the shop shows them: a buyer's request for prices, staff's answer, and what it became. Pure types and
// rules, shared by the buyer's pages, the account tab and the back office.
import type { Category } from '../catalog/categories';
import type { CartSpecifications } from '../purchase/types';

export const QUOTE_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** Requests staff have not answered yet: the side menu counts these. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['requested'];

export interface QuoteLine {
  position: number;
  productId: string;
  category: Category;
  name: string;
  sku: string | null;
  /** The choices as a cart line holds them, and their words (from the choices, never the stored text). */
  specifications: CartSpecifications;
  specificationsText: string;
  quantity: number;
  /** Staff's price per piece, in cents; null until answered. */
  unitPriceCents: number | null;
}

export interface Quote {
  id: string;
  reference: string;
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  status: QuoteStatus;
  /** The last day the prices hold (the shop's calendar), 'YYYY-MM-DD'. */
  validUntil: string | null;
  shopMessage: string | null;
  declineReason: string | null;
  orderId: string | null;
  createdAt: string;
  quotedAt: string | null;
  lines: QuoteLine[];
}

export interface QuoteEvent {
  kind: 'requested' | 'quoted' | 'declined' | 'expired' | 'checkout' | 'accepted' | 'lines_changed';
  actorEmail: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** A quoted quote whose last day has passed is expired, whether or not the nightly pass has marked it yet. */
export function effectiveStatus(quote: Pick<Quote, 'status' | 'validUntil'>, today: string): QuoteStatus {
  return quote.status === 'quoted' && quote.validUntil !== null && quote.validUntil < today ? 'expired' : quote.status;
}

/** The quote's total in cents, or null while a line has no price. */
export function quoteTotalCents(lines: readonly Pick<QuoteLine, 'quantity' | 'unitPriceCents'>[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.unitPriceCents === null) return null;
    total += line.unitPriceCents * line.quantity;
  }
  return total;
}
