import 'server-only';
// What each trade account mail says: the sender hands over an outbox row (lib/mail/sender.ts); this reads the
// account and the shop's settings as the service role and renders the template. What staff decided travels in the
// row's payload, so the mail says what was decided even if the account has changed since. The buyer is written to
// at the address they applied from (their latest application's event).
import { createElement } from 'react';
import { asServiceRole, type DbRow } from '../core/db';
import { env } from '../core/env';
import { addressLines } from '../checkout/address-lines';
import { subjectText, type ComposedMail } from '../mail/message';
import { ComposeRefusedError, type OutboxMail } from '../mail/sender';
import type { MailShop } from '../mail/templates/layout';
import { renderMail } from '../mail/templates/render';
import { readNotifyAddress, readShopSettings } from '../settings/shop-settings';
import { BUSINESS_TYPE_LABELS, TRADE_MAIL, TRADE_PANEL } from './labels';
import { applicantEmail } from './read';
import { TradeMail, type TradeMailProps } from './mail';
import { dayLabel, fromStoredAddress, isBusinessType, TRADE_ACCOUNT_PATH, type StoredTradeAddress } from './types';

const KINDS = new Set(['trade_application', 'trade_decision', 'certificate_expiring']);
export const isTradeMail = (mail: Pick<OutboxMail, 'kind'>) => KINDS.has(mail.kind);

type AccountRow = DbRow<'trade_accounts', 'id' | 'business_name' | 'business_type' | 'tax_id' | 'website' | 'phone'> & {
  address: StoredTradeAddress;
};

const text = (v: unknown) => (typeof v === 'string' ? v : null);

export async function composeTradeMail(mail: OutboxMail): Promise<ComposedMail> {
  const accountId = mail.tradeAccountId;
  if (!accountId) throw new ComposeRefusedError('The message names no trade account.');
  const e = env();
  const read = await asServiceRole(async (tx) => {
    const settings = await readShopSettings(tx);
    const [account] = await tx<AccountRow[]>`
      select id, business_name, business_type, tax_id, website, phone, address from public.trade_accounts where id = ${accountId}`;
    const applicant = await applicantEmail(tx, accountId);
    const notify = mail.to === null ? await readNotifyAddress(tx, e.SHOP_NOTIFY_EMAIL) : null;
    return { settings, account, applicant, notify };
  });
  const { account, settings } = read;
  if (!account) throw new ComposeRefusedError('The trade account no longer exists.');
  const shop: MailShop = { name: settings.shopName, postalAddress: settings.postalAddress, supportEmail: settings.supportEmail, supportPhone: settings.supportPhone, siteUrl: e.SITE_URL };
  const accountUrl = new URL(TRADE_ACCOUNT_PATH, e.SITE_URL).toString();
  const adminUrl = new URL(`/admin/trade-accounts/${account.id}`, e.SITE_URL).toString();
  const to = mail.to ?? read.notify;
  if (!to) throw new ComposeRefusedError('No notification address is set.');
  const hello = TRADE_MAIL.hello(account.business_name);
  let subject: string;
  let props: Omit<TradeMailProps, 'shop'>;

  switch (mail.kind) {
    case 'trade_application': {
      const again = mail.payload.resubmitted === true;
      subject = TRADE_MAIL.applicationSubject(account.business_name, again);
      const d = TRADE_MAIL.details;
      const place = addressLines({ ...fromStoredAddress(account.address), full_name: '', phone: '' }).join(', ');
      props = {
        preview: subject,
        heading: TRADE_MAIL.applicationHeading(again),
        paragraphs: [account.business_name, ...(read.applicant ? [TRADE_MAIL.contact(read.applicant)] : [])],
        details: [
          [d.businessType, isBusinessType(account.business_type) ? BUSINESS_TYPE_LABELS[account.business_type] : account.business_type],
          [d.taxId, account.tax_id],
          [d.phone, account.phone],
          ...(account.website ? ([[d.website, account.website]] as [string, string][]) : []),
          [d.address, place],
        ],
        button: { href: adminUrl, label: TRADE_MAIL.review },
      };
      break;
    }
    case 'trade_decision': {
      const decision = mail.payload.decision;
      const note = text(mail.payload.note);
      const group = text(mail.payload.priceGroup);
      const until = text(mail.payload.exemptUntil);
      if (decision === 'approved') {
        subject = TRADE_MAIL.approvedSubject(shop.name);
        const extra = [...(group ? [TRADE_PANEL.priceGroup(group)] : []), ...(until ? [TRADE_PANEL.exemptUntil(dayLabel(until))] : [])];
        props = { preview: subject, heading: subject, paragraphs: [hello, TRADE_MAIL.approvedText, ...extra], button: { href: accountUrl, label: TRADE_MAIL.openAccount } };
      } else if (decision === 'more_info' || decision === 'declined') {
        const asked = decision === 'more_info';
        subject = asked ? TRADE_MAIL.moreInfoSubject(shop.name) : TRADE_MAIL.declinedSubject(shop.name);
        props = {
          preview: subject,
          heading: subject,
          paragraphs: [hello, asked ? TRADE_MAIL.moreInfoText : TRADE_MAIL.declinedText],
          note,
          button: { href: accountUrl, label: TRADE_MAIL.openAccount },
        };
      } else throw new ComposeRefusedError('The message names no decision.');
      break;
    }
    case 'certificate_expiring': {
      const expires = text(mail.payload.expiresOn);
      if (!expires) throw new ComposeRefusedError('The message names no expiry date.');
      const day = dayLabel(expires);
      const toShop = mail.to === null;
      subject = toShop ? TRADE_MAIL.expiringShopSubject(account.business_name, day) : TRADE_MAIL.expiringBuyerSubject(day);
      props = {
        preview: subject,
        heading: subject,
        paragraphs: toShop ? [TRADE_MAIL.expiringShopText(account.business_name, day)] : [hello, TRADE_MAIL.expiringBuyerText(day)],
        button: toShop ? { href: adminUrl, label: TRADE_MAIL.openInAdmin } : { href: accountUrl, label: TRADE_MAIL.openAccount },
      };
      break;
    }
    default:
      throw new ComposeRefusedError(`A trade mail cannot be composed for a ${mail.kind} message.`);
  }
  const { html, text: plain } = await renderMail(createElement(TradeMail, { shop, ...props }));
  return { to, subject: subjectText(subject), html, text: plain, attachments: [] };
}
