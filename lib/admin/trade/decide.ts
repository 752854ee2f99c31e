import 'server-only';
// Staff decide on a trade account: approve (a price group or none; tax exemption until the certificate's expiry),
// decline with a reason, or ask for more. Run as the admin under RLS (defineAction), in one transaction with the
// history's event (who and when), the buyer's exemption and the buyer's mail. A decline or a request for more ends
// an exemption that came with the certificate; staff's own exemption (no last day) is left as it is.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { enqueueMail } from '../../mail/outbox';
import { shopToday } from '../../quotes/read';
import { applicantEmail } from '../../trade/read';
import type { TradeStatus } from '../../trade/types';
import { DECISION_TEXT } from './labels';
import type { ApproveInput, DeclineInput, MoreInfoInput } from './schema';

export interface Admin {
  id: string;
  email: string | null;
}

export interface Decided {
  businessName: string;
}

interface Locked {
  id: string;
  owner_id: string;
  business_name: string;
  status: TradeStatus;
}

async function lockedAccount(tx: Tx, id: string): Promise<Locked> {
  const [row] = await tx<Locked[]>`
    select id, owner_id, business_name, status from public.trade_accounts where id = ${id} for update`;
  if (!row) throw new ActionError(DECISION_TEXT.notFound, 404);
  return row;
}

/** The history's event, and the buyer's mail keyed by it (each decision is its own message). */
async function record(tx: Tx, account: Locked, admin: Admin, kind: 'approved' | 'declined' | 'more_info', detail: Record<string, unknown>) {
  const [event] = await tx<{ id: string }[]>`
    insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
    values (${account.id}, ${kind}, ${tx.json(detail as never)}, ${admin.id}, ${admin.email}) returning id`;
  const [customer] = await tx<{ email: string }[]>`select email from public.customers where user_id = ${account.owner_id}`;
  const to = customer?.email || (await applicantEmail(tx, account.id));
  if (!to) return;
  await enqueueMail(tx, {
    kind: 'trade_decision',
    orderId: null,
    tradeAccountId: account.id,
    to,
    dedupeKey: `trade_decision:${account.id}:${event!.id}`,
    payload: { decision: kind, ...detail },
  });
}

/** Ends the exemption that came with a certificate (a last day is set); staff's own stays. */
async function endTradeExemption(tx: Tx, ownerId: string): Promise<void> {
  await tx`
    update public.customers set tax_exempt = false, tax_exempt_reason = null, tax_exempt_until = null
     where user_id = ${ownerId} and tax_exempt_until is not null`;
}

export async function approveAccount(tx: Tx, input: ApproveInput, admin: Admin, today = shopToday()): Promise<Decided> {
  if (input.taxExempt && input.expiresOn! <= today) {
    throw new ActionError(DECISION_TEXT.expiresInPast, 400, { expiresOn: DECISION_TEXT.expiresInPast });
  }
  const account = await lockedAccount(tx, input.accountId);
  let group: string | null = null;
  if (input.priceGroupId) {
    const [row] = await tx<{ name: string }[]>`select name from public.price_groups where id = ${input.priceGroupId}`;
    if (!row) throw new ActionError(DECISION_TEXT.groupGone, 400, { priceGroupId: DECISION_TEXT.groupGone });
    group = row.name;
  }
  const expiresOn = input.taxExempt ? input.expiresOn : null;
  await tx`
    update public.trade_accounts
       set status = 'approved', price_group_id = ${input.priceGroupId}, tax_exempt = ${input.taxExempt},
           certificate_expires_on = ${expiresOn}::date, decision_note = null, decided_at = now(), decided_by = ${admin.id}
     where id = ${account.id}`;
  if (input.taxExempt) {
    await tx`
      update public.customers set tax_exempt = true, tax_exempt_reason = ${DECISION_TEXT.exemptReason}, tax_exempt_until = ${expiresOn}::date
       where user_id = ${account.owner_id}`;
  } else {
    await endTradeExemption(tx, account.owner_id);
  }
  await record(tx, account, admin, 'approved', { priceGroup: group, priceGroupId: input.priceGroupId, exemptUntil: expiresOn });
  return { businessName: account.business_name };
}

async function refuse(tx: Tx, accountId: string, admin: Admin, status: 'declined' | 'more_info', note: string): Promise<Decided> {
  const account = await lockedAccount(tx, accountId);
  await tx`
    update public.trade_accounts
       set status = ${status}, tax_exempt = false, decision_note = ${note}, decided_at = now(), decided_by = ${admin.id}
     where id = ${account.id}`;
  await endTradeExemption(tx, account.owner_id);
  await record(tx, account, admin, status, { note, from: account.status });
  return { businessName: account.business_name };
}

export const declineAccount = (tx: Tx, input: DeclineInput, admin: Admin) => refuse(tx, input.accountId, admin, 'declined', input.reason);
export const askForMore = (tx: Tx, input: MoreInfoInput, admin: Admin) => refuse(tx, input.accountId, admin, 'more_info', input.message);
