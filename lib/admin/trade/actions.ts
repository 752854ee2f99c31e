'use server';
// Trade account decisions of the back office: approve, decline, ask for more. Each runs as the admin under RLS
// through defineAction, with its event, the buyer's exemption and mail in the same transaction; the mail goes out
// once it has committed (this server's sender is woken then), and the menu's pending count is revalidated. Payment
// terms are set the same way, without a mail.
import { TRADE_ACCOUNTS_TAG } from '../../core/cache/tags';
import { defineAction, wakingMailSender } from '../../entry/define-action';
import { approveAccount, askForMore, declineAccount, type Decided } from './decide';
import { DECISION_TEXT, TERMS_TEXT } from './labels';
import { approveSchema, declineSchema, moreInfoSchema, termsSchema } from './schema';
import { setAccountTerms, type TermsSaved } from './terms';

const adminOf = (user: { id: string; email?: string | null } | null) => ({ id: user!.id, email: user!.email ?? null });

export const approveTradeAccount = wakingMailSender(
  defineAction({
    name: 'admin.trade.approve',
    access: 'admin',
    schema: approveSchema,
    success: (r: Decided) => DECISION_TEXT.approved(r.businessName),
    failure: DECISION_TEXT.approveFailed,
    revalidate: [TRADE_ACCOUNTS_TAG],
    run: (input, { tx, user }) => approveAccount(tx, input, adminOf(user)),
  }),
);

export const declineTradeAccount = wakingMailSender(
  defineAction({
    name: 'admin.trade.decline',
    access: 'admin',
    schema: declineSchema,
    success: (r: Decided) => DECISION_TEXT.declined(r.businessName),
    failure: DECISION_TEXT.declineFailed,
    revalidate: [TRADE_ACCOUNTS_TAG],
    run: (input, { tx, user }) => declineAccount(tx, input, adminOf(user)),
  }),
);

export const askTradeAccountForMore = wakingMailSender(
  defineAction({
    name: 'admin.trade.moreInfo',
    access: 'admin',
    schema: moreInfoSchema,
    success: (r: Decided) => DECISION_TEXT.askedForMore(r.businessName),
    failure: DECISION_TEXT.moreInfoFailed,
    revalidate: [TRADE_ACCOUNTS_TAG],
    run: (input, { tx, user }) => askForMore(tx, input, adminOf(user)),
  }),
);

export const setTradeTerms = defineAction({
  name: 'admin.trade.terms',
  access: 'admin',
  schema: termsSchema,
  success: (r: TermsSaved) => TERMS_TEXT.saved(r.businessName),
  failure: TERMS_TEXT.saveFailed,
  revalidate: [TRADE_ACCOUNTS_TAG],
  run: (input, { tx, user }) => setAccountTerms(tx, input, adminOf(user)),
});
