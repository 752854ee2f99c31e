import 'server-only';
// What each quote mail says: the sender hands over an outbox row (lib/mail/sender.ts), this reads the quote and the
// shop's settings as the service role, then renders the template. The buyer's link is absolute and signed.
import { createElement } from 'react';
import { asServiceRole } from '../core/db';
import { env } from '../core/env';
import { formatDate } from '../core/format/date';
import { subjectText, type ComposedMail } from '../mail/message';
import { ComposeRefusedError, type OutboxMail } from '../mail/sender';
import type { MailShop } from '../mail/templates/layout';
import { QuoteDeclinedMail, QuoteReceivedMail, QuoteRequestNoticeMail, QuoteSentMail } from '../mail/templates/quote';
import { renderMail } from '../mail/templates/render';
import { readNotifyAddress, readShopSettings } from '../settings/shop-settings';
import { quoteLink } from './link';
import { readQuote } from './read';
import { quoteTotalCents } from './types';

export const isQuoteMail = (mail: Pick<OutboxMail, 'kind'>) => mail.kind.startsWith('quote_');

export async function composeQuoteMail(mail: OutboxMail): Promise<ComposedMail> {
  if (!mail.quoteId) throw new ComposeRefusedError('The message names no quote.');
  const quoteId = mail.quoteId;
  const e = env();
  const { quote, shop, notify } = await asServiceRole(async (tx) => {
    const settings = await readShopSettings(tx);
    const shop: MailShop = { name: settings.shopName, postalAddress: settings.postalAddress, supportEmail: settings.supportEmail, supportPhone: settings.supportPhone, siteUrl: e.SITE_URL };
    const quote = await readQuote(tx, quoteId);
    const notify = mail.kind === 'quote_request' ? (mail.to ?? (await readNotifyAddress(tx, e.SHOP_NOTIFY_EMAIL))) : null;
    return { quote, shop, notify };
  });
  if (!quote) throw new ComposeRefusedError('The quote no longer exists.');
  const link = quoteLink(quote.id);
  let to: string;
  let subject: string;
  let element;
  switch (mail.kind) {
    case 'quote_request':
      if (!notify) throw new ComposeRefusedError('No notification address is set.');
      to = notify;
      subject = subjectText(`Quote request ${quote.reference} from ${quote.name}`);
      element = createElement(QuoteRequestNoticeMail, {
        shop,
        reference: quote.reference,
        name: quote.name,
        email: quote.email,
        phone: quote.phone,
        message: quote.message,
        lines: quote.lines.map((l) => ({ name: l.name, sku: l.sku, options: l.specificationsText, quantity: l.quantity })),
        adminUrl: new URL(`/admin/quotes/${quote.id}`, e.SITE_URL).toString(),
      });
      break;
    case 'quote_received':
      to = mail.to ?? quote.email;
      subject = subjectText(`We have your quote request ${quote.reference}`);
      element = createElement(QuoteReceivedMail, {
        shop,
        reference: quote.reference,
        name: quote.name,
        message: quote.message,
        lines: quote.lines.map((l) => ({ name: l.name, sku: l.sku, options: l.specificationsText, quantity: l.quantity })),
        quoteUrl: link,
      });
      break;
    case 'quote_sent': {
      const total = quoteTotalCents(quote.lines);
      if (total === null || !quote.validUntil) throw new ComposeRefusedError('The quote has no prices.');
      to = mail.to ?? quote.email;
      const validUntil = formatDate(`${quote.validUntil}T12:00:00Z`, e.SHOP_TIME_ZONE);
      subject = subjectText(`Your quote ${quote.reference} from ${shop.name}`);
      element = createElement(QuoteSentMail, {
        shop,
        reference: quote.reference,
        name: quote.name,
        lines: quote.lines.map((l) => ({
          sku: l.sku,
          name: l.name,
          options: l.specificationsText,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents!,
          lineTotalCents: l.unitPriceCents! * l.quantity,
        })),
        totalCents: total,
        validUntil,
        shopMessage: quote.shopMessage,
        quoteUrl: link,
      });
      break;
    }
    case 'quote_declined':
      to = mail.to ?? quote.email;
      subject = subjectText(`About your quote request ${quote.reference}`);
      element = createElement(QuoteDeclinedMail, { shop, reference: quote.reference, name: quote.name, reason: quote.declineReason ?? '', quoteUrl: link });
      break;
    default:
      throw new ComposeRefusedError(`A quote mail cannot be composed for a ${mail.kind} message.`);
  }
  const { html, text } = await renderMail(element);
  return { to, subject, html, text, attachments: [] };
}
