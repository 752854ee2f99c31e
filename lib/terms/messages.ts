import 'server-only';
// What the mails of payment terms say (ARCHITECTURE.md, "Payment terms"): the invoice with Stripe's link to pay it
// and the shop's own PDF, the reminder before the due day, and the overdue notices. The sender hands over an outbox
// row (lib/mail/sender.ts); this reads the invoice as it is now, so a paid or void invoice's queued reminder is not
// sent (ComposeRefusedError).
import { createElement } from 'react';
import { asServiceRole } from '../core/db';
import { env } from '../core/env';
import { formatLongDate } from '../core/format/date';
import { formatCents } from '../core/format/money';
import { orderToken } from '../documents/access';
import { invoicePath } from '../documents/paths';
import { subjectText, type ComposedMail } from '../mail/message';
import { ComposeRefusedError, type OutboxMail } from '../mail/sender';
import type { MailShop } from '../mail/templates/layout';
import { renderMail } from '../mail/templates/render';
import { readShopSettings } from '../settings/shop-settings';
import { TradeMail } from '../trade/mail';
import { TERMS_MAIL } from './labels';
import { owedCents } from './rules';

const KINDS = new Set(['terms_invoice', 'terms_reminder', 'terms_overdue']);
export const isTermsMail = (mail: Pick<OutboxMail, 'kind'>) => KINDS.has(mail.kind);

interface Row {
  order_reference: string;
  number: string | null;
  status: string;
  amount_cents: string;
  credited_cents: string;
  paid_cents: string;
  due_at: Date;
  hosted_invoice_url: string | null;
}

export async function composeTermsMail(mail: OutboxMail): Promise<ComposedMail> {
  const orderId = mail.orderId;
  if (!orderId || !mail.to) throw new ComposeRefusedError('The message names no order or no buyer.');
  const e = env();
  const { settings, row } = await asServiceRole(async (tx) => {
    const [row] = await tx<Row[]>`
      select o.order_reference, t.number, t.status, t.amount_cents, t.credited_cents, t.paid_cents, t.due_at, t.hosted_invoice_url
        from public.terms_invoices t join public.orders o on o.id = t.order_id where t.order_id = ${orderId}`;
    return { settings: await readShopSettings(tx), row };
  });
  if (!row) throw new ComposeRefusedError('The order has no invoice on terms.');
  if (row.status !== 'open' || !row.hosted_invoice_url) throw new ComposeRefusedError(`The invoice is ${row.status}: nothing to ask for.`);
  const shop: MailShop = { name: settings.shopName, postalAddress: settings.postalAddress, supportEmail: settings.supportEmail, supportPhone: settings.supportPhone, siteUrl: e.SITE_URL };
  const owed = formatCents(owedCents({ amountCents: Number(row.amount_cents), creditedCents: Number(row.credited_cents), paidCents: Number(row.paid_cents) }));
  const dueOn = formatLongDate(row.due_at, e.SHOP_TIME_ZONE);
  const reference = row.order_reference;
  const [subject, heading, intro] =
    mail.kind === 'terms_invoice'
      ? [TERMS_MAIL.invoiceSubject(reference), TERMS_MAIL.invoiceHeading, TERMS_MAIL.invoiceIntro(reference, owed, dueOn)]
      : mail.kind === 'terms_reminder'
        ? [TERMS_MAIL.reminderSubject(reference), TERMS_MAIL.reminderHeading, TERMS_MAIL.reminderIntro(reference, owed, dueOn)]
        : [TERMS_MAIL.overdueSubject(reference), TERMS_MAIL.overdueHeading, TERMS_MAIL.overdueIntro(reference, owed, dueOn)];
  const pdf = new URL(invoicePath(orderId, orderToken(orderId)), e.SITE_URL).toString();
  const { html, text } = await renderMail(
    createElement(TradeMail, {
      shop,
      preview: subject,
      heading,
      paragraphs: [intro],
      details: [
        ...(row.number ? ([['Invoice', row.number]] as [string, string][]) : []),
        ['Amount due', owed],
        ['Due', dueOn],
        [TERMS_MAIL.pdf, pdf],
      ],
      button: { href: row.hosted_invoice_url, label: TERMS_MAIL.pay },
    }),
  );
  return { to: mail.to, subject: subjectText(subject), html, text, attachments: [] };
}
