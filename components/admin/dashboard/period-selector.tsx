'use client';
// The dashboard's period (This Month, Last Month, Last 30 Days, All Time): links, so the period is in the URL; the one
// being followed shows that its figures are loading.
import Link from 'next/link';
import { PERIODS, periodHref, type Period } from '@/lib/admin/dashboard/periods';
import { LinkPending } from '../link-pending';

export function PeriodSelector({ current }: { current: Period }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex flex-wrap rounded-md border border-neutral-300 bg-white p-0.5 text-sm">
        {PERIODS.map((p) => (
          <li key={p.key}>
            <Link
              href={periodHref(p.key)}
              aria-current={p.key === current ? 'page' : undefined}
              className={`flex items-center rounded px-3 py-1.5 ${p.key === current ? 'bg-ink font-medium text-white' : 'text-ink-soft hover:bg-neutral-100'}`}
            >
              {p.label}
              <LinkPending />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
