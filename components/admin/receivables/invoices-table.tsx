import Link from 'next/link';
import { lateText, RECEIVABLES_SCREEN as T } from '@/lib/admin/receivables/labels';
import { orderRowHref } from '@/lib/admin/orders/params';
import { receivablesHref } from '@/lib/admin/receivables/params';
import type { OpenInvoice } from '@/lib/admin/receivables/query';
import { formatCents } from '@/lib/core/format/money';
import { BUCKET_TEXT } from './totals';

const NOT_SENT = new Set(['pending', 'draft']);

function Status({ invoice }: { invoice: OpenInvoice }) {
  return (
    <>
      {invoice.statusText}
      {NOT_SENT.has(invoice.status) && <span className="block text-xs text-stone-muted">{T.notSent}</span>}
      {invoice.lastPaymentError && <span className="block text-xs text-red-800">{T.lastError}</span>}
    </>
  );
}

/** A page of open invoices, the longest overdue first. On a phone the customer and status show under the order. */
export function ReceivablesInvoicesTable({ invoices }: { invoices: OpenInvoice[] }) {
  const c = T.columns;
  return (
    <div className="adm-panel overflow-x-auto p-0">
      <table className="adm-table">
        <caption className="sr-only">{T.invoicesHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{c.order}</th>
            <th scope="col" className="hidden md:table-cell">
              {c.customer}
            </th>
            <th scope="col" className="hidden lg:table-cell">
              {c.number}
            </th>
            <th scope="col" className="text-right">
              {c.owed}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              {c.due}
            </th>
            <th scope="col" className="text-right">
              {c.late}
            </th>
            <th scope="col" className="hidden md:table-cell">
              {c.status}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((i) => (
            <tr key={i.orderId} data-testid="receivables-invoice">
              <th scope="row" className="align-top">
                <Link href={orderRowHref(i.orderId)} className="tabular underline decoration-neutral-300 underline-offset-2 hover:decoration-ink md:whitespace-nowrap">
                  {i.reference}
                </Link>
                <span className="block text-xs font-normal text-stone-muted md:hidden">{i.businessName}</span>
                <span className="tabular block text-xs font-normal text-stone-muted lg:hidden">{i.number ?? T.notSent}</span>
                <span className="block text-xs font-normal md:hidden">
                  <Status invoice={i} />
                </span>
              </th>
              <td className="hidden max-w-[14rem] md:table-cell">
                <Link href={receivablesHref({ account: i.accountId })} className="underline decoration-neutral-300 underline-offset-2 hover:decoration-ink">
                  {i.businessName}
                </Link>
              </td>
              <td className="tabular hidden whitespace-nowrap lg:table-cell">{i.number ?? <span className="text-stone-muted">—</span>}</td>
              <td className="tabular text-right align-top md:align-middle">
                {formatCents(i.owedCents)}
                {i.owedCents !== i.amountCents && <span className="block text-xs text-stone-muted">of {formatCents(i.amountCents)}</span>}
              </td>
              <td className="tabular hidden whitespace-nowrap sm:table-cell">{i.dueOn}</td>
              <td className={`tabular text-right align-top md:align-middle ${i.daysLate > 0 ? `font-medium ${BUCKET_TEXT[i.bucket]}` : 'text-stone-muted'}`}>
                {lateText(i.daysLate)}
              </td>
              <td className="hidden text-sm md:table-cell">
                <Status invoice={i} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
