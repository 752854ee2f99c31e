// The dashboard's bar charts: plain HTML and CSS. Each bar carries its value as text for screen readers; the visible
// labels are hidden from them so nothing is read twice.
import Link from 'next/link';
import type { Dashboard } from '@/lib/admin/dashboard/load';
import { STATUS_BAR, statusLabel } from '@/lib/orders/status';

const orders = (n: number) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;

function Panel({ id, title, children, action }: { id: string; title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="adm-panel">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="adm-h2">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

interface Bar {
  key: string;
  /** What a screen reader says for the bar ('Nov 5: 4 orders'); also its tooltip. */
  text: string;
  value: number;
  tone: string;
}

/** Vertical bars scaled to the largest, as a list whose items read their value. */
function Bars({ label, height, bars }: { label: string; height: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ol className={`flex ${height} items-end gap-[2px] border-b border-neutral-200`} aria-label={label}>
      {bars.map((b) => (
        <li key={b.key} className="flex h-full flex-1 items-end" title={b.text}>
          <span className="sr-only">{b.text}</span>
          <span aria-hidden className={`w-full rounded-t-sm ${b.tone}`} style={{ height: `${(b.value / max) * 100}%` }} />
        </li>
      ))}
    </ol>
  );
}

export function StatusChart({ statuses, total }: { statuses: Dashboard['statuses']; total: number }) {
  return (
    <Panel
      id="dash-status"
      title="Order Status"
      action={
        <Link href="/admin/orders" className="text-xs font-medium text-gold-dark hover:underline">
          View All Orders →
        </Link>
      }
    >
      {total === 0 ? (
        <p className="adm-empty">No order data available</p>
      ) : (
        <ul className="space-y-2.5">
          {statuses.map((s) => (
            <li key={s.status}>
              <div className="flex justify-between text-sm">
                <span>{statusLabel(s.status)}</span>
                <span className="tabular text-stone-muted">
                  {s.orders.toLocaleString('en-US')} <span className="text-xs">({s.percent.toFixed(1)}%)</span>
                </span>
              </div>
              <div aria-hidden className="mt-1 h-2 rounded-full bg-neutral-100">
                <div className={`h-2 rounded-full ${STATUS_BAR[s.status]}`} style={{ width: `${s.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function DailyChart({ days }: { days: Dashboard['days'] }) {
  const max = Math.max(0, ...days.map((d) => d.orders));
  return (
    <Panel id="dash-daily" title="Daily Order Trends">
      {max === 0 ? (
        <p className="adm-empty">No order data available</p>
      ) : (
        <>
          <Bars
            label="Orders per day, last 30 days"
            height="h-40"
            bars={days.map((d) => ({ key: d.date, text: `${d.label}: ${orders(d.orders)}`, value: d.orders, tone: 'bg-neutral-700' }))}
          />
          <div aria-hidden className="mt-1 flex gap-[2px] text-[10px] text-stone-muted">
            {days.map((d) => (
              <span key={d.date} className="flex-1 whitespace-nowrap">
                {d.showLabel ? d.label : ''}
              </span>
            ))}
          </div>
        </>
      )}
    </Panel>
  );
}

export function HoursChart({ hours, busiest }: { hours: Dashboard['hours']; busiest: Dashboard['busiest'] }) {
  const max = Math.max(0, ...hours.map((h) => h.orders));
  return (
    <Panel id="dash-hours" title="Peak Ordering Hours">
      {max === 0 ? (
        <p className="adm-empty">No hourly data available</p>
      ) : (
        <>
          <Bars
            label="Orders per hour of the day"
            height="h-32"
            bars={hours.map((h) => ({
              key: String(h.hour),
              text: `${h.label}: ${orders(h.orders)}${h.busiest ? ' (one of the busiest hours)' : ''}`,
              value: h.orders,
              tone: h.busiest ? 'bg-gold' : 'bg-neutral-400',
            }))}
          />
          <div aria-hidden className="mt-1 flex justify-between text-[10px] text-stone-muted">
            <span>12 AM</span>
            <span>6 AM</span>
            <span>12 PM</span>
            <span>6 PM</span>
            <span>11 PM</span>
          </div>
          <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-stone-muted">Busiest Hours</h3>
          <ol className="mt-1 flex flex-wrap gap-2 text-sm">
            {busiest.map((h) => (
              <li key={h.hour} className="rounded-md bg-gold/15 px-2 py-1">
                <span className="font-medium">{h.label}</span> <span className="tabular text-stone-muted">· {orders(h.orders)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}

export { Panel };
