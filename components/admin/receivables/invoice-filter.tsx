import Link from 'next/link';
import { RECEIVABLES_SCREEN as T } from '@/lib/admin/receivables/labels';
import { RECEIVABLES_FILTERS, receivablesHref, type ReceivablesQuery } from '@/lib/admin/receivables/params';
import { LinkPending } from '../link-pending';

/** All open invoices or the overdue ones: links, so the view is in the URL; a change starts at page 1. */
export function ReceivablesFilter({ query }: { query: ReceivablesQuery }) {
  return (
    <nav aria-label={T.filterLabel}>
      <ul className="inline-flex rounded-md border border-neutral-300 bg-white p-0.5 text-sm">
        {RECEIVABLES_FILTERS.map((f) => (
          <li key={f}>
            <Link
              href={receivablesHref({ filter: f, account: query.account })}
              aria-current={f === query.filter ? 'page' : undefined}
              className={`flex items-center rounded px-3 py-1.5 ${f === query.filter ? 'bg-ink font-medium text-white' : 'text-ink-soft hover:bg-neutral-100'}`}
            >
              {T.filters[f]}
              <LinkPending />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
