import 'server-only';
// A buyer's own application as the account's Trade account tab shows it, read as the buyer under RLS: the price
// group's name shows only once the account is approved (the group's policy says so too).
import { withActor, type DbActor, type Tx } from '../core/db';
import { loadColleagues, type ColleaguesView } from './colleagues';
import { env } from '../core/env';
import { formatDate } from '../core/format/date';
import { dayLabel, fromStoredAddress, isBusinessType, type StoredTradeAddress, type TradeAccountView, type TradeStatus } from './types';

interface Row {
  id: string;
  status: TradeStatus;
  business_name: string;
  business_type: string;
  tax_id: string;
  website: string | null;
  phone: string;
  address: StoredTradeAddress;
  certificate_name: string | null;
  submitted_at: Date;
  decision_note: string | null;
  tax_exempt: boolean;
  certificate_expires_on: string | null;
  group_name: string | null;
}

export async function readOwnTradeAccount(tx: Tx, ownerId: string, timeZone: string): Promise<TradeAccountView | null> {
  const [row] = await tx<Row[]>`
    select a.id, a.status, a.business_name, a.business_type, a.tax_id, a.website, a.phone, a.address, a.certificate_name,
           a.submitted_at, a.decision_note, a.tax_exempt, a.certificate_expires_on::text as certificate_expires_on,
           g.name as group_name
      from public.trade_accounts a left join public.price_groups g on g.id = a.price_group_id and a.status = 'approved'
     where a.owner_id = ${ownerId}`;
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    values: {
      businessName: row.business_name,
      businessType: isBusinessType(row.business_type) ? row.business_type : 'other',
      taxId: row.tax_id,
      website: row.website ?? '',
      phone: row.phone,
      ...fromStoredAddress(row.address),
    },
    certificateName: row.certificate_name,
    submittedOn: formatDate(row.submitted_at, timeZone),
    decisionNote: row.status === 'more_info' || row.status === 'declined' ? row.decision_note : null,
    priceGroupName: row.group_name,
    exemptUntil: row.status === 'approved' && row.tax_exempt && row.certificate_expires_on ? dayLabel(row.certificate_expires_on) : null,
  };
}

/** The signed-in buyer's application, or null before they apply. */
export async function loadTradeAccount(user: { id: string; email?: string | null }): Promise<TradeAccountView | null> {
  const actor: DbActor = { role: 'authenticated', userId: user.id, email: user.email ?? null };
  return withActor(actor, (tx) => readOwnTradeAccount(tx, user.id, env().SHOP_TIME_ZONE));
}

/** The account tab: the buyer's own application or account, and its colleagues (null on no account). */
export async function loadTradeTab(user: { id: string; email?: string | null }): Promise<{ account: TradeAccountView | null; colleagues: ColleaguesView | null }> {
  const actor: DbActor = { role: 'authenticated', userId: user.id, email: user.email ?? null };
  const timeZone = env().SHOP_TIME_ZONE;
  return withActor(actor, async (tx) => ({
    account: await readOwnTradeAccount(tx, user.id, timeZone),
    colleagues: await loadColleagues(tx, user.id, timeZone),
  }));
}

/** The address the buyer last applied from (mails to the buyer go there). */
export async function applicantEmail(tx: Tx, accountId: string): Promise<string | null> {
  const [row] = await tx<{ actor_email: string | null }[]>`
    select actor_email from public.trade_account_events
     where account_id = ${accountId} and kind in ('submitted', 'resubmitted') order by id desc limit 1`;
  return row?.actor_email ?? null;
}
