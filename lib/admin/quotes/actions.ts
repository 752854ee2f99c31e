'use server';
// Quote actions of the back office: change a request's lines, send a quote (prices, last valid day, message) and
// decline one. All run as the admin under RLS through defineAction, with the quote's history and its mail in the same
// transaction; the mail goes out once it has committed (this server's sender is woken then).
import { defineAction, wakingMailSender } from '../../entry/define-action';
import { quoteAnswerSchema, quoteDeclineSchema } from '../../quotes/schema';
import { declineQuote, sendQuote } from './answer';
import { changeQuoteLines, findQuoteProduct } from './lines';
import { findQuoteProductSchema, QUOTE_LINES_TEXT, quoteLinesSchema } from './lines-schema';

const adminOf = (user: { id: string; email?: string | null } | null) => ({ id: user!.id, email: user!.email ?? null });

export const sendQuoteAction = wakingMailSender(
  defineAction({
    name: 'admin.quotes.send',
    access: 'admin',
    schema: quoteAnswerSchema,
    success: (r: { reference: string }) => `Quote ${r.reference} sent`,
    failure: 'Failed to send the quote',
    run: (input, { tx, user }) => sendQuote(tx, input, adminOf(user)),
  }),
);

export const declineQuoteAction = wakingMailSender(
  defineAction({
    name: 'admin.quotes.decline',
    access: 'admin',
    schema: quoteDeclineSchema,
    success: (r: { reference: string }) => `Quote ${r.reference} declined`,
    failure: 'Failed to decline the quote',
    run: (input, { tx, user }) => declineQuote(tx, input, adminOf(user)),
  }),
);

export const changeQuoteLinesAction = defineAction({
  name: 'admin.quotes.changeLines',
  access: 'admin',
  schema: quoteLinesSchema,
  success: QUOTE_LINES_TEXT.saved,
  failure: QUOTE_LINES_TEXT.failed,
  run: (input, { tx, user }) => changeQuoteLines(tx, input, adminOf(user)),
});

/** A product by SKU with its choices, for a new line (reads only). */
export const findQuoteProductAction = defineAction({
  name: 'admin.quotes.findProduct',
  access: 'admin',
  schema: findQuoteProductSchema,
  failure: 'Failed to find the product',
  run: ({ sku }, { tx }) => findQuoteProduct(tx, sku),
});
