'use client';
// The account's Trade account tab: the application's state (pending, more information needed with staff's
// message, approved with the price group and exemption, declined with the reason), the certificate on file, and the
// form, to apply or to change and send again an application that is not approved.
import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { emptyAddress } from '@/lib/checkout/address';
import { TRADE_PANEL, TRADE_STATUS_BADGE, TRADE_STATUS_LABELS } from '@/lib/trade/labels';
import { canResubmit, certificateHref, type TradeAccountView, type TradeApplicationValues } from '@/lib/trade/types';
import { TradeApplicationForm } from './trade-application-form';

function blankValues(): TradeApplicationValues {
  const { address_line1, address_line2, city, state, postal_code, country } = emptyAddress();
  return { businessName: '', businessType: '', taxId: '', website: '', phone: '', address_line1, address_line2, city, state, postal_code, country };
}

function StatusCard({ account }: { account: TradeAccountView }) {
  const note =
    account.status === 'pending'
      ? TRADE_PANEL.pendingNote
      : account.status === 'more_info'
        ? TRADE_PANEL.moreInfoNote
        : account.status === 'declined'
          ? TRADE_PANEL.declinedNote
          : TRADE_PANEL.approvedNote;
  return (
    <div className="rounded-lg border border-stone-line bg-white p-5 sm:p-6" data-testid="trade-status-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-serif text-2xl text-ink">{account.values.businessName}</p>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${TRADE_STATUS_BADGE[account.status]}`} data-testid="trade-status">
          {TRADE_STATUS_LABELS[account.status]}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-muted">{TRADE_PANEL.submittedOn(account.submittedOn)}</p>
      <p className="mt-4 text-ink-soft">{note}</p>
      {account.decisionNote && (
        <blockquote className="mt-2 whitespace-pre-line border-l-2 border-gold pl-3 text-ink" data-testid="trade-decision-note">
          {account.decisionNote}
        </blockquote>
      )}
      {account.status === 'approved' && (account.priceGroupName || account.exemptUntil) && (
        <ul className="mt-3 space-y-1 text-sm text-ink">
          {account.priceGroupName && <li>{TRADE_PANEL.priceGroup(account.priceGroupName)}</li>}
          {account.exemptUntil && <li>{TRADE_PANEL.exemptUntil(account.exemptUntil)}</li>}
        </ul>
      )}
      {account.certificateName && (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-stone-muted">{TRADE_PANEL.certificate}:</span>
          <a href={certificateHref(account.id)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-ink underline underline-offset-2">
            <FileText aria-hidden className="size-4" />
            {account.certificateName}
          </a>
        </p>
      )}
    </div>
  );
}

/** `children`: what else the tab shows under the application's state (the account's colleagues, once approved). */
export function TradeAccountPanel({ account, children }: { account: TradeAccountView | null; children?: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const open = account === null || editing;
  return (
    <section aria-labelledby="trade-heading" className="space-y-6">
      <div>
        <h2 id="trade-heading" className="text-2xl">
          {TRADE_PANEL.heading}
        </h2>
        {!account && <p className="mt-2 max-w-2xl text-stone-muted">{TRADE_PANEL.intro}</p>}
      </div>
      {account && <StatusCard account={account} />}
      {account && !editing && (
        <p>
          {canResubmit(account.status) ? (
            <button type="button" className="btn-outline" onClick={() => setEditing(true)}>
              {TRADE_PANEL.edit}
            </button>
          ) : (
            <span className="text-sm text-stone-muted">{TRADE_PANEL.approvedLocked}</span>
          )}
        </p>
      )}
      {account && children}
      {open && (
        <div className="rounded-lg border border-stone-line bg-white p-5 sm:p-6">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-xl">{account ? TRADE_PANEL.editHeading : TRADE_PANEL.applyHeading}</h3>
            {account && (
              <button type="button" className="text-sm text-stone-muted underline underline-offset-2" onClick={() => setEditing(false)}>
                {TRADE_PANEL.cancelEdit}
              </button>
            )}
          </div>
          <TradeApplicationForm
            initial={account?.values ?? blankValues()}
            certificateOnFile={account?.certificateName ?? null}
            onDone={() => setEditing(false)}
          />
        </div>
      )}
    </section>
  );
}
