import { formatCents } from '@/lib/core/format/money';
import { chargeRows, chargesNote, type OrderCharges } from '@/lib/documents/charges';

const TONES = {
  shop: { wrap: 'border-t border-stone-line px-5 py-3', list: 'ml-auto w-full space-y-1 text-sm sm:max-w-xs', label: 'text-stone-muted', value: 'tabular text-ink-soft', total: 'border-stone-line text-ink', note: 'mt-2 text-right text-xs text-stone-muted' },
  admin: { wrap: 'mt-2 ml-auto w-full text-sm sm:max-w-xs', list: 'space-y-0.5', label: 'text-stone-muted', value: 'tabular', total: 'border-neutral-200', note: 'adm-muted mt-1 text-right text-xs' },
} as const;

/**
 * Subtotal, shipping, each tax and the total under an order's items, in the account and the back office; nothing for
 * an order of goods only (its total is shown beside it).
 */
export function ChargesList({ charges, totalCents, tone }: { charges: OrderCharges | null; totalCents: number; tone: keyof typeof TONES }) {
  const rows = chargeRows(charges, totalCents);
  const note = chargesNote(charges);
  if (rows.length === 0) return null;
  const t = TONES[tone];
  return (
    <div className={t.wrap} data-testid="order-charges">
      <dl className={t.list}>
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className={t.label}>{row.label}</dt>
            <dd className={t.value}>{row.value}</dd>
          </div>
        ))}
        <div className={`flex justify-between gap-4 border-t pt-1 font-medium ${t.total}`}>
          <dt>Total</dt>
          <dd className="tabular">{formatCents(totalCents)}</dd>
        </div>
      </dl>
      {note && <p className={t.note}>{note}</p>}
    </div>
  );
}
