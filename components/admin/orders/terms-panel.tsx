'use client';
// The expanded row's Payment terms panel for an order placed on terms: what its invoice says now, Stripe's links, and
// while the invoice is open, Mark paid (a check or wire received) and Void, each asked in a confirmation first.
import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, FileText } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from '@/components/ui/toaster';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import { markInvoicePaid, voidInvoice } from '@/lib/admin/orders/actions';
import { TERMS_PANEL } from '@/lib/admin/orders/labels';
import type { AdminOrder, AdminTermsInvoice } from '@/lib/admin/orders/types';
import { formatCents } from '@/lib/core/format/money';
import { OrderDialog } from './order-dialog';
import { useDialogSubmit } from './use-dialog-submit';

type Move = 'paid' | 'void';
type TermsOrder = Pick<AdminOrder, 'id' | 'reference'> & { terms: AdminTermsInvoice };

// The admin dialog shell is already on the page (the status control's): nothing to load first.
const loaded = () => {};

function ConfirmMove({ order, move, close }: { order: TermsOrder; move: Move; close(): void }) {
  const ids = useId();
  const { busy, error, submit } = useDialogSubmit();
  const paid = move === 'paid';

  const confirm = () =>
    submit(() => (paid ? markInvoicePaid : voidInvoice)({ orderId: order.id }), {
      ok(_data, message) {
        toast.success(message ?? (paid ? TERMS_PANEL.paidDone(order.reference) : TERMS_PANEL.voidDone(order.reference)));
        close();
      },
      failed: ({ error }) => toast.error(paid ? TERMS_PANEL.paidFailed : TERMS_PANEL.voidFailed, { description: error }),
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">
        {paid ? TERMS_PANEL.markPaidTitle(order.reference) : TERMS_PANEL.voidTitle(order.reference)}
      </Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">
        {paid ? TERMS_PANEL.markPaidBody(order.terms.owedCents) : TERMS_PANEL.voidBody(order.terms.owedCents)}
      </Dialog.Description>
      {error && (
        <p id={`${ids}-error`} role="alert" className="adm-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" className={paid ? 'adm-btn-primary' : 'adm-btn-danger'} disabled={busy}>
          {busy ? TERMS_PANEL.working : paid ? TERMS_PANEL.confirmPaid : TERMS_PANEL.confirmVoid}
        </button>
        <Dialog.Close asChild>
          <button type="button" className="adm-btn sm:mr-auto" disabled={busy}>
            {TERMS_PANEL.keep}
          </button>
        </Dialog.Close>
      </div>
    </form>
  );
}

function MoveButton({ order, move }: { order: TermsOrder; move: Move }) {
  const { open, setOpen, button, trigger } = useLazyDialog(loaded);
  return (
    <>
      <button {...trigger} className={`${move === 'void' ? 'adm-btn text-red-800' : 'adm-btn'} h-8 px-2`}>
        {move === 'paid' ? TERMS_PANEL.markPaid : TERMS_PANEL.void}
      </button>
      <OrderDialog open={open} onOpenChange={setOpen} role="alertdialog" returnFocus={button}>
        <ConfirmMove order={order} move={move} close={() => setOpen(false)} />
      </OrderDialog>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-muted">{label}</dt>
      <dd className="tabular min-w-0 break-all text-right">{children}</dd>
    </div>
  );
}

export function TermsPanel({ order }: { order: TermsOrder }) {
  const t = order.terms;
  const link = 'inline-flex items-center gap-1.5 font-medium underline-offset-4 hover:underline';
  return (
    <section aria-labelledby={`terms-${order.id}`} data-testid="order-terms">
      <h3 id={`terms-${order.id}`} className="adm-label">
        {TERMS_PANEL.heading}
      </h3>
      <div className="space-y-2 rounded-md border border-neutral-200 bg-white p-2.5 text-sm">
        <p className="font-medium" data-testid="order-terms-status">
          {t.text}
        </p>
        {t.lastError && t.status === 'open' && <p className="text-red-800">{TERMS_PANEL.lastError}</p>}
        <dl className="space-y-1">
          <Fact label={TERMS_PANEL.terms}>{TERMS_PANEL.net(t.days)}</Fact>
          <Fact label={TERMS_PANEL.invoice}>{t.number ?? <span className="text-stone-muted">{TERMS_PANEL.notNumbered}</span>}</Fact>
          <Fact label={TERMS_PANEL.owed}>{formatCents(t.owedCents)}</Fact>
        </dl>
        {(t.hostedUrl || t.pdfUrl) && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {t.hostedUrl && (
              <li>
                <a href={t.hostedUrl} target="_blank" rel="noreferrer" className={link}>
                  <ExternalLink aria-hidden className="size-4 shrink-0 text-stone-muted" />
                  {TERMS_PANEL.openStripe}
                  <span className="sr-only"> (opens a new tab)</span>
                </a>
              </li>
            )}
            {t.pdfUrl && (
              <li>
                <a href={t.pdfUrl} target="_blank" rel="noreferrer" className={link}>
                  <FileText aria-hidden className="size-4 shrink-0 text-stone-muted" />
                  {TERMS_PANEL.pdf}
                  <span className="sr-only"> (opens a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        )}
        {t.status === 'open' && (
          <div className="flex flex-wrap gap-2 border-t border-neutral-200 pt-2">
            <MoveButton order={order} move="paid" />
            <MoveButton order={order} move="void" />
          </div>
        )}
      </div>
    </section>
  );
}
