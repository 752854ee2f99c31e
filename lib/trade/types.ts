// Trade accounts as the shop shows them: a buyer's application with its resale certificate, and staff's decision.
// Pure types and constants, shared by the buyer's panel, the route handlers and the back office.
import type { PostalAddress } from '../checkout/address';
import { formatLongDate } from '../core/format/date';

/** The account's Trade account tab: where every mail to a buyer points. */
export const TRADE_ACCOUNT_PATH = '/dashboard?tab=trade';

/** Where the owner and staff open an account's certificate (a fresh one-minute link each time). */
export const certificateHref = (accountId: string) => `/api/trade/certificate?account=${accountId}`;

export const TRADE_STATUSES = ['pending', 'more_info', 'approved', 'declined'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** Stored as these keys (trade_accounts.business_type); labels.ts words them. */
export const BUSINESS_TYPES = ['boutique', 'department_store', 'online_shop', 'salon_spa', 'gift_shop', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const isBusinessType = (v: unknown): v is BusinessType => typeof v === 'string' && (BUSINESS_TYPES as readonly string[]).includes(v);
export const isTradeStatus = (v: unknown): v is TradeStatus => typeof v === 'string' && (TRADE_STATUSES as readonly string[]).includes(v);

/** An owner may change and send again an application that is not approved (the table's guard says the same). */
export const canResubmit = (status: TradeStatus) => status !== 'approved';

/** trade_accounts.address as stored. */
export interface StoredTradeAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export function toStoredAddress(a: PostalAddress): StoredTradeAddress {
  return { line1: a.address_line1, line2: a.address_line2 || null, city: a.city, state: a.state, postal_code: a.postal_code, country: a.country };
}

export function fromStoredAddress(a: Partial<StoredTradeAddress> | null | undefined): PostalAddress {
  return {
    address_line1: a?.line1 ?? '',
    address_line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postal_code: a?.postal_code ?? '',
    country: a?.country ?? '',
  };
}

/** The application as its form edits it. */
export interface TradeApplicationValues extends PostalAddress {
  businessName: string;
  businessType: BusinessType | '';
  taxId: string;
  website: string;
  phone: string;
}

/** A buyer's own application, as the account's Trade account tab shows it. */
export interface TradeAccountView {
  id: string;
  status: TradeStatus;
  values: TradeApplicationValues;
  certificateName: string | null;
  /** The day it was last sent, in the shop's time zone. */
  submittedOn: string;
  /** Staff's message (asked for more) or reason (declined). */
  decisionNote: string | null;
  /** Approved: the price group's name, null without one. */
  priceGroupName: string | null;
  /** Approved with tax exemption: the certificate's last day, in the shop's words. */
  exemptUntil: string | null;
}

/** A date column ('2027-03-31') as the shop writes a day: a calendar day, the same in every time zone. */
export const dayLabel = (day: string) => formatLongDate(`${day}T12:00:00Z`, 'UTC');
