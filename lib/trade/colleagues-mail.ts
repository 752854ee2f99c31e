import 'server-only';
// The invitation mail: the sender hands over an outbox row (lib/mail/sender.ts); this finds its invitation by the
// hash of the token in the row's payload, reads the account and the shop's settings as the service role and renders
// the trade mails' template. An invitation cancelled, accepted or sent again since is not mailed: its link would
// no longer work.
import { createElement } from 'react';
import { asServiceRole } from '../core/db';
import { env } from '../core/env';
import { formatDate } from '../core/format/date';
import { subjectText, type ComposedMail } from '../mail/message';
import { ComposeRefusedError, type OutboxMail } from '../mail/sender';
import type { MailShop } from '../mail/templates/layout';
import { renderMail } from '../mail/templates/render';
import { readShopSettings } from '../settings/shop-settings';
import { INVITE_MAIL } from './colleague-labels';
import { inviteTokenHash } from './colleagues-invites';
import { isInviteToken, joinPath } from './colleagues-rules';
import { TradeMail } from './mail';

export const isColleagueInviteMail = (mail: Pick<OutboxMail, 'kind'>) => mail.kind === 'trade_invite';

export async function composeColleagueInviteMail(mail: OutboxMail): Promise<ComposedMail> {
  const token = mail.payload.token;
  if (mail.kind !== 'trade_invite' || !isInviteToken(token)) throw new ComposeRefusedError('The message holds no invitation.');
  const e = env();
  const { settings, invite } = await asServiceRole(async (tx) => {
    const settings = await readShopSettings(tx);
    const [invite] = await tx<{ email: string; expires_at: Date; accepted_at: Date | null; business_name: string }[]>`
      select i.email::text as email, i.expires_at, i.accepted_at, a.business_name
        from public.trade_account_invites i join public.trade_accounts a on a.id = i.account_id
       where i.token_hash = ${inviteTokenHash(token)}`;
    return { settings, invite };
  });
  if (!invite || invite.accepted_at) throw new ComposeRefusedError('The invitation was cancelled, accepted or sent again.');
  const shop: MailShop = {
    name: settings.shopName,
    postalAddress: settings.postalAddress,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    siteUrl: e.SITE_URL,
  };
  const business = invite.business_name;
  const subject = subjectText(INVITE_MAIL.subject(business, shop.name));
  const element = createElement(TradeMail, {
    shop,
    preview: subject,
    heading: INVITE_MAIL.heading(business),
    paragraphs: [INVITE_MAIL.text(business, shop.name), INVITE_MAIL.how, INVITE_MAIL.until(formatDate(invite.expires_at, e.SHOP_TIME_ZONE))],
    button: { href: new URL(joinPath(token), e.SITE_URL).toString(), label: INVITE_MAIL.button },
  });
  const { html, text } = await renderMail(element);
  return { to: invite.email, subject, html, text, attachments: [] };
}
