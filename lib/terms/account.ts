import 'server-only';
// The terms a buyer orders on: their approved trade account's Net days and credit limit, and what its open invoices
// owe now. Read by the checkout page (to offer "Pay by invoice") and, with the account's row locked, by placing an
// order, so two orders at once take turns at the credit check.
import { asServiceRole, type Tx } from '../core/db';
import { env } from '../core/env';
import { formatDate } from '../core/format/date';
import type { TermsOffer } from '../checkout/api';
import type { TermsDays } from './rules';

export interface BuyerTerms {
  accountId: string;
  days: TermsDays;
  limitCents: number;
  /** What the account's open invoices still owe. */
  openCents: number;
  /** The account's customer at Stripe, once made. */
  stripeCustomerId: string | null;
  businessName: string;
}

interface TermsRow {
  id: string;
  payment_terms_days: TermsDays;
  credit_limit_cents: string;
  stripe_customer_id: string | null;
  business_name: string;
  open_cents: string | null;
}

/** The caller's account terms, or null without an approved account with terms. `lock`: the account's row, for update. */
export async function readBuyerTerms(tx: Tx, userId: string, opts: { lock?: boolean } = {}): Promise<BuyerTerms | null> {
  // Without a lock, what the open invoices owe is summed in the same statement. With one, in a statement of its own
  // after the lock: a statement that waited for the lock still reads with the snapshot it began with, and would miss
  // the invoice of the order it waited for.
  const [account] = await tx<TermsRow[]>`
    select a.id, a.payment_terms_days, a.credit_limit_cents, a.stripe_customer_id, a.business_name,
           ${opts.lock ? tx`null` : tx`(select sum(t.amount_cents - t.credited_cents - t.paid_cents) from public.terms_invoices t
                                         where t.account_id = a.id and t.status in ('pending', 'draft', 'open'))`} as open_cents
      from public.trade_account_members m join public.trade_accounts a on a.id = m.account_id
     where m.user_id = ${userId} and a.status = 'approved' and a.payment_terms_days is not null
     ${opts.lock ? tx`for no key update of a` : tx``}`;
  if (!account) return null;
  return {
    accountId: account.id,
    days: account.payment_terms_days,
    limitCents: Number(account.credit_limit_cents),
    openCents: opts.lock ? await openInvoiceCents(tx, account.id) : Math.max(0, Number(account.open_cents ?? 0)),
    stripeCustomerId: account.stripe_customer_id,
    businessName: account.business_name,
  };
}

/** What an account's open invoices owe (the partial index on open rows serves it). */
export async function openInvoiceCents(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx<{ open: string | null }[]>`
    select sum(amount_cents - credited_cents - paid_cents) as open from public.terms_invoices
     where account_id = ${accountId} and status in ('pending', 'draft', 'open')`;
  return Math.max(0, Number(row?.open ?? 0));
}

/** What the checkout offers a signed-in buyer with terms (lib/checkout/api.ts, TermsOffer). */
export async function termsOffer(userId: string): Promise<TermsOffer | null> {
  const terms = await asServiceRole((tx) => readBuyerTerms(tx, userId));
  if (!terms) return null;
  return {
    days: terms.days,
    availableCents: Math.max(0, terms.limitCents - terms.openCents),
    dueOn: formatDate(new Date(Date.now() + terms.days * 86_400_000), env().SHOP_TIME_ZONE),
  };
}
