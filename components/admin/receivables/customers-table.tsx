import Link from 'next/link';
import { RECEIVABLES_SCREEN as T } from '@/lib/admin/receivables/labels';
import { receivablesHref } from '@/lib/admin/receivables/params';
import type { CustomerReceivable } from '@/lib/admin/receivables/query';
import { formatCents } from '@/lib/core/format/money';
import { AGEING_LABELS } from '@/lib/terms/labels';
import { AGEING_BUCKETS } from '@/lib/terms/rules';
import { BUCKET_TEXT } from './totals';

/** Open invoices by customer, those owing the most overdue first; a name shows that customer's invoices alone. */
export function ReceivablesCustomersTable({ customers, customerCount }: { customers: CustomerReceivable[]; customerCount: number }) {
  const shown = T.customersShown(customers.length, customerCount);
  return (
    <section aria-labelledby="recv-customers" className="space-y-2">
      <h2 id="recv-customers" className="adm-h2">
        {T.customersHeading}
      </h2>
      <div className="adm-panel overflow-x-auto p-0">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{T.columns.customer}</th>
              <th scope="col" className="hidden text-right sm:table-cell">
                {T.columns.invoices}
              </th>
              <th scope="col" className="hidden text-right sm:table-cell">
                {T.open}
              </th>
              {AGEING_BUCKETS.map((b) => (
                <th key={b} scope="col" className="hidden whitespace-nowrap text-right md:table-cell">
                  {AGEING_LABELS[b]}
                </th>
              ))}
              <th scope="col" className="text-right">
                {T.overdue}
              </th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => {
              const late = AGEING_BUCKETS.filter((b) => b !== 'current' && c.buckets[b] > 0);
              return (
                <tr key={c.accountId} data-testid="receivables-customer">
                  <th scope="row" className="max-w-[16rem]">
                    <Link href={receivablesHref({ account: c.accountId })} className="underline decoration-neutral-300 underline-offset-2 hover:decoration-ink">
                      {c.businessName}
                    </Link>
                    {/* On a phone what is open, and on a tablet the late buckets, show under the name. */}
                    <span className="tabular block text-xs font-normal text-stone-muted sm:hidden">{T.openOf(c.invoices, formatCents(c.openCents))}</span>
                    <span className="tabular block text-xs font-normal text-stone-muted md:hidden">
                      {late.map((b) => `${AGEING_LABELS[b]} ${formatCents(c.buckets[b])}`).map((part, i) => (
                        <span key={part}>
                          {i > 0 && ' · '}
                          <span className="whitespace-nowrap">{part}</span>
                        </span>
                      ))}
                    </span>
                  </th>
                  <td className="tabular hidden text-right sm:table-cell">{c.invoices.toLocaleString('en-US')}</td>
                  <td className="tabular hidden text-right sm:table-cell">{formatCents(c.openCents)}</td>
                  {AGEING_BUCKETS.map((b) => (
                    <td key={b} className={`tabular hidden text-right md:table-cell ${c.buckets[b] > 0 ? BUCKET_TEXT[b] : 'text-stone-muted'}`}>
                      {formatCents(c.buckets[b])}
                    </td>
                  ))}
                  <td className={`tabular text-right font-medium ${c.overdueCents > 0 ? 'text-red-800' : ''}`}>{formatCents(c.overdueCents)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {shown && <p className="text-xs text-stone-muted">{shown}</p>}
    </section>
  );
}
