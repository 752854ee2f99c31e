import 'server-only';
// Staff give an approved trade account payment terms (Net 15, 30 or 60 and a credit limit) or take them away. Run as
// the admin under RLS (defineAction): the table's guard lets only an admin change the columns. The row is locked so
// the status read is the one the update sees, and the history's 'changed' event names who set what.
import { ActionError } from '../../core/action-result';
import type { Tx } from '../../core/db';
import type { TradeStatus } from '../../trade/types';
import type { Admin } from './decide';
import { DECISION_TEXT, TERMS_TEXT } from './labels';
import type { TermsInput } from './schema';

export interface TermsSaved {
  businessName: string;
  /** false: the account had these terms already; nothing was written. */
  changed: boolean;
}

interface Locked {
  id: string;
  business_name: string;
  status: TradeStatus;
  payment_terms_days: number | null;
  credit_limit_cents: string | null;
}

export async function setAccountTerms(tx: Tx, input: TermsInput, admin: Admin): Promise<TermsSaved> {
  const [account] = await tx<Locked[]>`
    select id, business_name, status, payment_terms_days, credit_limit_cents
      from public.trade_accounts where id = ${input.accountId} for update`;
  if (!account) throw new ActionError(DECISION_TEXT.notFound, 404);
  // Taking terms away is always allowed; giving them needs an approved account.
  if (input.paymentTermsDays !== null && account.status !== 'approved') throw new ActionError(TERMS_TEXT.notApproved, 409);
  const limitNow = account.credit_limit_cents === null ? null : Number(account.credit_limit_cents);
  if (account.payment_terms_days === input.paymentTermsDays && limitNow === input.creditLimitCents) {
    return { businessName: account.business_name, changed: false };
  }
  await tx`
    update public.trade_accounts
       set payment_terms_days = ${input.paymentTermsDays}, credit_limit_cents = ${input.creditLimitCents}
     where id = ${account.id}`;
  const detail = { paymentTermsDays: input.paymentTermsDays, creditLimitCents: input.creditLimitCents };
  await tx`
    insert into public.trade_account_events (account_id, kind, detail, actor_id, actor_email)
    values (${account.id}, 'changed', ${tx.json(detail)}, ${admin.id}, ${admin.email})`;
  return { businessName: account.business_name, changed: true };
}
