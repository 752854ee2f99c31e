import { percentOf } from '@/lib/admin/dashboard/figures';
import { RECEIVABLES_SCREEN as T } from '@/lib/admin/receivables/labels';
import type { ReceivablesTotals } from '@/lib/admin/receivables/query';
import { formatCents } from '@/lib/core/format/money';
import { AGEING_LABELS } from '@/lib/terms/labels';
import { AGEING_BUCKETS, type AgeingBucket } from '@/lib/terms/rules';

/** One colour per bucket, darker as an invoice ages; shared by the bars and the days-overdue figures. */
export const BUCKET_BAR: Record<AgeingBucket, string> = {
  current: 'bg-emerald-600',
  late_1_30: 'bg-amber-500',
  late_31_60: 'bg-orange-600',
  late_over_60: 'bg-red-700',
};
export const BUCKET_TEXT: Record<AgeingBucket, string> = {
  current: 'text-ink',
  late_1_30: 'text-amber-800',
  late_31_60: 'text-orange-800',
  late_over_60: 'text-red-800',
};

function Figure({ label, cents, children, tone = '', wide = false }: { label: string; cents: number; children?: React.ReactNode; tone?: string; wide?: boolean }) {
  return (
    <div className={`adm-panel min-w-0 ${wide ? 'md:col-span-2' : ''}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-muted">{label}</dt>
      <dd className={`tabular mt-1 break-words text-lg font-semibold sm:text-xl ${tone}`}>{formatCents(cents)}</dd>
      {children && <dd className="mt-1 text-xs text-stone-muted">{children}</dd>}
    </div>
  );
}

/** Open and overdue, then what is owed per ageing bucket with its share of the open total. */
export function ReceivablesTotalsCards({ totals }: { totals: ReceivablesTotals }) {
  return (
    <section aria-labelledby="recv-totals">
      <h2 id="recv-totals" className="sr-only">
        {T.totalsHeading}
      </h2>
      {/* Open and overdue across the first row, the four buckets under them. */}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="receivables-totals">
        <Figure label={T.open} cents={totals.openCents} wide>
          {T.invoicesOf(totals.invoices)}
        </Figure>
        <Figure label={T.overdue} cents={totals.overdueCents} tone={totals.overdueCents > 0 ? 'text-red-800' : ''} wide>
          {T.invoicesOf(totals.overdueInvoices)}
        </Figure>
        {AGEING_BUCKETS.map((b) => {
          const percent = percentOf(totals.buckets[b], totals.openCents);
          return (
            <Figure key={b} label={AGEING_LABELS[b]} cents={totals.buckets[b]}>
              <span aria-hidden className="mb-1 block h-1.5 rounded-full bg-neutral-100">
                <span className={`block h-1.5 rounded-full ${BUCKET_BAR[b]}`} style={{ width: `${percent}%` }} />
              </span>
              {T.ofOpen(percent)}
            </Figure>
          );
        })}
      </dl>
    </section>
  );
}
