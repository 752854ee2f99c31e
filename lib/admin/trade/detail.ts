import 'server-only';
// One trade account for staff: the application's fields, its certificate (opened through a fresh link, never
// embedded), the decision as it stands, its payment terms with what its open invoices owe, every event with who and
// when, the mails it caused, and the price groups to choose from. Read as the admin under RLS.
import { withActor, type DbActor } from '../../core/db';
import { openInvoiceCents } from '../../terms/account';
import type { TermsDays } from '../../terms/rules';
import { dayLabel, fromStoredAddress, isBusinessType, type BusinessType, type StoredTradeAddress, type TradeStatus } from '../../trade/types';
import type { PostalAddress } from '../../checkout/address';
import type { TradeEventKind } from './labels';

export interface AdminTradeAccount {
  id: string;
  status: TradeStatus;
  businessName: string;
  businessType: BusinessType;
  taxId: string;
  website: string | null;
  phone: string;
  address: PostalAddress;
  email: string | null;
  certificateName: string | null;
  hasCertificate: boolean;
  submittedAt: string;
  decidedAt: string | null;
  priceGroupId: string | null;
  priceGroupName: string | null;
  taxExempt: boolean;
  /** 'YYYY-MM-DD', for the form. */
  expiresOn: string | null;
  /** The same day in words. */
  expiresLabel: string | null;
  decisionNote: string | null;
  /** Net days and credit limit: both or neither. */
  paymentTermsDays: TermsDays | null;
  creditLimitCents: number | null;
  /** What the account's unpaid invoices owe now. */
  openInvoiceCents: number;
}

export interface AdminTradeEvent {
  kind: TradeEventKind;
  actorEmail: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

export interface AdminTradeDetail {
  account: AdminTradeAccount;
  events: AdminTradeEvent[];
  mails: { kind: string; status: string; createdAt: string; lastError: string | null }[];
  groups: { id: string; name: string; percentOff: number }[];
}

interface Row {
  id: string;
  status: TradeStatus;
  business_name: string;
  business_type: string;
  tax_id: string;
  website: string | null;
  phone: string;
  address: StoredTradeAddress;
  email: string | null;
  certificate_name: string | null;
  certificate_path: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  price_group_id: string | null;
  group_name: string | null;
  tax_exempt: boolean;
  expires_on: string | null;
  decision_note: string | null;
  payment_terms_days: TermsDays | null;
  credit_limit_cents: string | null;
}

export async function loadTradeAccountDetail(actor: DbActor, id: string): Promise<AdminTradeDetail | null> {
  return withActor(actor, async (tx) => {
    const [row] = await tx<Row[]>`
      select a.id, a.status, a.business_name, a.business_type, a.tax_id, a.website, a.phone, a.address, c.email,
             a.certificate_name, a.certificate_path, a.submitted_at, a.decided_at, a.price_group_id, g.name as group_name,
             a.tax_exempt, a.certificate_expires_on::text as expires_on, a.decision_note,
             a.payment_terms_days, a.credit_limit_cents
        from public.trade_accounts a
        left join public.customers c on c.user_id = a.owner_id
        left join public.price_groups g on g.id = a.price_group_id
       where a.id = ${id}`;
    if (!row) return null;
    const [events, mails, groups, openCents] = await Promise.all([
      tx<{ kind: TradeEventKind; actor_email: string | null; detail: Record<string, unknown>; created_at: Date }[]>`
        select kind, actor_email, detail, created_at from public.trade_account_events where account_id = ${id} order by id`,
      tx<{ kind: string; status: string; created_at: Date; last_error: string | null }[]>`
        select kind, status, created_at, last_error from public.mail_outbox where trade_account_id = ${id} order by id`,
      tx<{ id: string; name: string; percent_off: string }[]>`select id, name, percent_off::text from public.price_groups order by lower(name)`,
      openInvoiceCents(tx, id),
    ]);
    return {
      account: {
        id: row.id,
        status: row.status,
        businessName: row.business_name,
        businessType: isBusinessType(row.business_type) ? row.business_type : 'other',
        taxId: row.tax_id,
        website: row.website,
        phone: row.phone,
        address: fromStoredAddress(row.address),
        email: row.email || null,
        certificateName: row.certificate_name,
        hasCertificate: row.certificate_path !== null,
        submittedAt: new Date(row.submitted_at).toISOString(),
        decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
        priceGroupId: row.price_group_id,
        priceGroupName: row.group_name,
        taxExempt: row.tax_exempt,
        expiresOn: row.expires_on,
        expiresLabel: row.expires_on ? dayLabel(row.expires_on) : null,
        decisionNote: row.decision_note,
        paymentTermsDays: row.payment_terms_days,
        creditLimitCents: row.credit_limit_cents === null ? null : Number(row.credit_limit_cents),
        openInvoiceCents: openCents,
      },
      events: events.map((e) => ({ kind: e.kind, actorEmail: e.actor_email, detail: e.detail, createdAt: new Date(e.created_at).toISOString() })),
      mails: mails.map((m) => ({ kind: m.kind, status: m.status, createdAt: new Date(m.created_at).toISOString(), lastError: m.last_error })),
      groups: groups.map((g) => ({ id: g.id, name: g.name, percentOff: Number(g.percent_off) })),
    };
  });
}
