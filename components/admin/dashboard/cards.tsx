import Link from 'next/link';
import type { Dashboard } from '@/lib/admin/dashboard/load';
import { Info } from 'lucide-react';
import { formatChange } from '@/lib/admin/dashboard/figures';
import { CASH_DEFINITION, CASH_LABEL, CASH_PART_LABELS, REVENUE_CAPTION, REVENUE_DEFINITION, REVENUE_PART_LABELS } from '@/lib/admin/dashboard/labels';
import { formatCents } from '@/lib/core/format/money';

function Change({ value }: { value: number }) {
  const up = value >= 0;
  return (
    <p className={`mt-1 text-xs font-medium ${up ? 'text-green-700' : 'text-red-700'}`}>
      <span className="tabular">{formatChange(value)}</span> <span className="font-normal text-stone-muted">vs last month</span>
    </p>
  );
}

/**
 * An (i) button whose explanation shows on hover and on keyboard focus, and is read as the button's description. Below
 * lg it is a fixed bar at the foot of the screen: a tooltip under a card of the right-hand column ran past a phone's
 * edge, and even hidden it made the page scroll sideways.
 */
function Hint({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <span className="group relative ml-1 inline-flex align-middle normal-case tracking-normal">
      <button type="button" aria-label={`How ${label} is counted`} aria-describedby={id} className="rounded-full text-stone-muted hover:text-ink focus-visible:text-ink">
        <Info aria-hidden className="size-3.5" />
      </button>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none invisible absolute left-1/2 top-full z-20 mt-1 w-64 -translate-x-1/2 rounded-md bg-ink px-3 py-2 text-xs font-normal leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 max-lg:fixed max-lg:left-4 max-lg:right-4 max-lg:bottom-4 max-lg:top-auto max-lg:mt-0 max-lg:w-auto max-lg:translate-x-0"
      >
        {text}
      </span>
    </span>
  );
}

function Card({ label, value, hint, children }: { label: string; value: string; hint?: string; children?: React.ReactNode }) {
  return (
    // min-w-0: a long amount wraps inside its card instead of widening the grid past a phone's edge.
    <div className="adm-panel min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-muted">
        {label}
        {hint && <Hint id={`hint-${label.toLowerCase().replace(/\W+/g, '-')}`} label={label} text={hint} />}
      </dt>
      <dd className="tabular mt-1 text-lg font-semibold [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
      {children && <dd>{children}</dd>}
    </div>
  );
}

/** Labelled amounts under a card's figure: what it holds. */
function Parts({ caption, rows, testId }: { caption?: string; rows: readonly (readonly [string, number])[]; testId: string }) {
  return (
    <div className="mt-2 border-t border-neutral-200 pt-2 text-xs" data-testid={testId}>
      {caption && <p className="text-stone-muted">{caption}</p>}
      <dl className="mt-1 space-y-0.5">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-2">
            <dt className="text-stone-muted">{label}</dt>
            <dd className="tabular">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Total Orders, Total Revenue (with the change vs last month), Cash collected beside it (orders on payment terms count
 * when their invoices are paid), Avg. Order Value and Completion Rate.
 */
export function StatCards({ totals, cash }: { totals: Dashboard['totals']; cash: Dashboard['cash'] }) {
  const parts = totals.revenueParts;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <Card label="Total Orders" value={totals.orders.toLocaleString('en-US')}>
        <Change value={totals.ordersChange} />
      </Card>
      <Card label="Total Revenue" value={formatCents(totals.revenueCents)} hint={REVENUE_DEFINITION}>
        <Change value={totals.revenueChange} />
        <Parts
          testId="revenue-parts"
          caption={REVENUE_CAPTION}
          rows={[
            [REVENUE_PART_LABELS.goods, parts.goodsCents],
            [REVENUE_PART_LABELS.shipping, parts.shippingCents],
            [REVENUE_PART_LABELS.tax, parts.taxCents],
          ]}
        />
      </Card>
      <Card label={CASH_LABEL} value={formatCents(cash.collectedCents)} hint={CASH_DEFINITION}>
        <Parts
          testId="cash-parts"
          rows={[
            [CASH_PART_LABELS.invoiced, cash.invoicedCents],
            [CASH_PART_LABELS.invoicePayments, cash.invoicePaymentsCents],
          ]}
        />
      </Card>
      <Card label="Avg. Order Value" value={formatCents(totals.averageOrderValueCents)}>
        <p className="mt-1 text-xs text-stone-muted">per order</p>
      </Card>
      <Card label="Completion Rate" value={`${totals.completionRate.toFixed(1)}%`}>
        <p className="mt-1 text-xs text-stone-muted">orders completed</p>
      </Card>
    </dl>
  );
}

/** Product Categories: one tile per category with its product count, linking to its screen. */
export function CategoryTiles({ tiles }: { tiles: Dashboard['categories'] }) {
  return (
    <section aria-labelledby="dash-categories" className="adm-panel">
      <h2 id="dash-categories" className="adm-h2">
        Product Categories
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map((t) => (
          <li key={t.category}>
            <Link href={t.href} className="block rounded-md border border-neutral-200 px-3 py-2.5 hover:border-neutral-400">
              <span className="block text-sm text-ink-soft">{t.label}</span>
              <span className="tabular block text-xl font-semibold">{t.count.toLocaleString('en-US')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
