import { FileText } from 'lucide-react';
import type { AdminTradeDetail } from '@/lib/admin/trade/detail';
import { ADMIN_TRADE_STATUS_LABELS, TERMS_TEXT, TRADE_EVENT_WORDS, TRADE_SCREEN } from '@/lib/admin/trade/labels';
import { addressLines } from '@/lib/checkout/address-lines';
import { formatDateTime } from '@/lib/core/format/date';
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, type MailStatus } from '@/lib/mail/labels';
import type { MailKind } from '@/lib/mail/outbox';
import { BUSINESS_TYPE_LABELS, TRADE_STATUS_BADGE } from '@/lib/trade/labels';
import { certificateHref, dayLabel } from '@/lib/trade/types';

type Account = AdminTradeDetail['account'];

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="adm-muted text-xs">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The application as the buyer sent it, the certificate's link and the decision as it stands. */
export function AccountDetails({ account, timeZone }: { account: Account; timeZone: string }) {
  const f = TRADE_SCREEN.fields;
  const place = addressLines({ ...account.address, full_name: '', phone: '' });
  return (
    <section className="adm-panel space-y-4" aria-labelledby="trade-application">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="trade-application" className="adm-h2">
          {TRADE_SCREEN.details}
        </h2>
        <span className={`adm-badge ${TRADE_STATUS_BADGE[account.status]}`} data-testid="admin-trade-status">
          {ADMIN_TRADE_STATUS_LABELS[account.status]}
        </span>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item label={f.contact}>{account.email ?? '—'}</Item>
        <Item label={f.businessType}>{BUSINESS_TYPE_LABELS[account.businessType]}</Item>
        <Item label={f.taxId}>
          <span className="tabular">{account.taxId}</span>
        </Item>
        <Item label={f.phone}>{account.phone}</Item>
        <Item label={f.website}>{account.website ?? '—'}</Item>
        <Item label={f.address}>{place.join(', ')}</Item>
        <Item label={f.submitted}>{formatDateTime(account.submittedAt, timeZone)}</Item>
        <Item label={f.decided}>{account.decidedAt ? formatDateTime(account.decidedAt, timeZone) : '—'}</Item>
        <Item label={f.priceGroup}>{account.priceGroupName ?? TRADE_SCREEN.noGroup}</Item>
        <Item label={f.exemption}>{account.taxExempt && account.expiresLabel ? TRADE_SCREEN.exemptUntil(account.expiresLabel) : TRADE_SCREEN.notExempt}</Item>
        <Item label={f.certificate}>
          {account.hasCertificate ? (
            <>
              <a
                href={certificateHref(account.id)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
              >
                <FileText aria-hidden className="size-4 shrink-0" />
                {TRADE_SCREEN.openCertificate(account.certificateName ?? '')}
              </a>
              <span className="adm-muted block text-xs">{TRADE_SCREEN.certificateNote}</span>
            </>
          ) : (
            TRADE_SCREEN.noCertificate
          )}
        </Item>
      </dl>
    </section>
  );
}

const detailText = (detail: Record<string, unknown>): string => {
  const parts: string[] = [];
  if (typeof detail.note === 'string') parts.push(`“${detail.note}”`);
  if (typeof detail.priceGroup === 'string') parts.push(detail.priceGroup);
  if (typeof detail.exemptUntil === 'string') parts.push(TRADE_SCREEN.exemptUntil(dayLabel(detail.exemptUntil)));
  if (typeof detail.expiresOn === 'string') parts.push(TRADE_SCREEN.certificateExpires(dayLabel(detail.expiresOn)));
  if ('paymentTermsDays' in detail) {
    const { paymentTermsDays: days, creditLimitCents: limit } = detail;
    parts.push(typeof days === 'number' && typeof limit === 'number' ? TERMS_TEXT.described(days, limit) : TERMS_TEXT.noTerms);
  }
  return parts.join(' · ');
};

/** Every submission and decision with who and when, and the mails they caused. */
export function AccountHistory({ events, mails, timeZone }: Pick<AdminTradeDetail, 'events' | 'mails'> & { timeZone: string }) {
  return (
    <section className="adm-panel" aria-labelledby="trade-history">
      <h2 id="trade-history" className="adm-h2">
        {TRADE_SCREEN.history}
      </h2>
      <ol className="mt-2 space-y-1 text-sm" data-testid="admin-trade-history">
        {events.map((e, i) => {
          const extra = detailText(e.detail);
          return (
            <li key={i}>
              <span className="tabular adm-muted">{formatDateTime(e.createdAt, timeZone)}</span> · {TRADE_EVENT_WORDS[e.kind] ?? e.kind}
              {e.actorEmail ? TRADE_SCREEN.by(e.actorEmail) : ''}
              {extra ? `: ${extra}` : ''}
            </li>
          );
        })}
      </ol>
      {mails.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">{TRADE_SCREEN.mail}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {mails.map((m, i) => (
              <li key={i}>
                {MAIL_KIND_LABELS[m.kind as MailKind] ?? m.kind}: {MAIL_STATUS_LABELS[m.status as MailStatus] ?? m.status}
                {m.lastError ? ` (${m.lastError})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
