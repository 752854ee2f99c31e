'use client';
// The order's mail in its expanded row: each message, who it went to, its state (with the reason a try failed) and
// when; a failed one can be sent again.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { resendMail } from '@/lib/admin/orders/actions';
import type { AdminMail } from '@/lib/admin/orders/types';
import { MAIL_KIND_LABELS, MAIL_STATUS_BADGE, MAIL_STATUS_LABELS, RESEND_FAILURE, RESEND_SUCCESS, SHOP_RECIPIENT_LABEL } from '@/lib/mail/labels';

function ResendButton({ mail }: { mail: AdminMail }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      const result = await resendMail({ mailId: mail.id });
      if (result.ok) {
        toast.success(RESEND_SUCCESS);
        router.refresh();
      } else {
        toast.error(RESEND_FAILURE, { description: result.error });
      }
    } catch {
      toast.error(RESEND_FAILURE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="adm-btn h-7 px-2 text-xs" disabled={busy} aria-busy={busy} onClick={() => void resend()}>
      {busy ? 'Resending...' : 'Resend'}
      <span className="sr-only"> {MAIL_KIND_LABELS[mail.kind].toLowerCase()}</span>
    </button>
  );
}

export function MailPanel({ mail }: { mail: AdminMail[] }) {
  return (
    <section>
      <h3 className="adm-label">Mail</h3>
      {mail.length === 0 ? (
        <p className="adm-muted">No mail for this order</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {mail.map((m) => (
            <li key={m.id} className="rounded-md border border-neutral-200 bg-white p-2" data-mail-status={m.status}>
              <p className="flex items-center justify-between gap-2">
                <span className="font-medium">{MAIL_KIND_LABELS[m.kind]}</span>
                <span className={`adm-badge ${MAIL_STATUS_BADGE[m.status]}`}>{MAIL_STATUS_LABELS[m.status]}</span>
              </p>
              <p className="truncate text-xs text-stone-muted" title={m.to ?? SHOP_RECIPIENT_LABEL}>
                To {m.to ?? SHOP_RECIPIENT_LABEL}
              </p>
              <p className="text-xs text-stone-muted">{m.when}</p>
              {m.lastError && m.status !== 'sent' ? (
                <p className="mt-1 break-words text-xs text-red-800">
                  {m.status === 'failed' ? 'Reason: ' : 'Last try: '}
                  {m.lastError}
                </p>
              ) : null}
              {m.status === 'failed' ? (
                <div className="mt-1.5">
                  <ResendButton mail={m} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
