import { Gem } from 'lucide-react';
import Image from 'next/image';
import { canOptimize } from '@/components/shop/listing/image-srcset';
import type { DeliveryQuote } from '@/lib/checkout/api';
import type { PricedLine } from '@/lib/checkout/pricing';
import { formatCents } from '@/lib/core/format/money';
import { leadTimeShort } from '@/lib/catalog/lead-time';
import { chargeRows, chargesNote, SALES_TAX_LABEL, SUBTOTAL_LABEL, type OrderCharges } from '@/lib/documents/charges';

const PENDING = 'Worked out from your address';

/** The quote as the rows every order summary shows (lib/documents/charges.ts). */
function deliveryCharges(d: DeliveryQuote): OrderCharges {
  return {
    goodsCents: d.goodsCents,
    shippingMethod: d.rates.find((r) => r.methodId === d.methodId)?.name ?? null,
    shippingCents: d.shippingCents,
    taxCents: d.taxCents,
    taxBreakdown: d.taxBreakdown,
    taxExemptReason: d.taxExemptReason,
  };
}

/** What the journeys find each row by. */
function rowTestId(label: string): string {
  if (label === SUBTOTAL_LABEL) return 'checkout-subtotal';
  if (label.startsWith('Shipping')) return 'checkout-shipping';
  return 'checkout-tax-part';
}

/** The server-priced lines, shipping and tax: exactly what will be charged. */
export function OrderSummary({ lines, totalCents, delivery }: { lines: PricedLine[]; totalCents: number; delivery: DeliveryQuote | null }) {
  const charges = delivery ? deliveryCharges(delivery) : null;
  const rows = delivery ? chargeRows(charges, delivery.totalCents) : [];
  const note = chargesNote(charges);
  return (
    <section aria-labelledby="summary-heading" className="rounded-lg border border-stone-line bg-white p-5 sm:p-6">
      <h2 id="summary-heading" className="text-2xl">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-stone-line">
        {lines.map((line, i) => (
          <li key={`${line.productId}-${i}`} className="flex gap-4 py-4" data-testid="summary-line">
            <div className="pimg size-16 shrink-0 rounded-md">
              {line.imageUrl ? (
                <Image
                  src={line.imageUrl}
                  alt=""
                  fill
                  sizes="64px"
                  unoptimized={!canOptimize(line.imageUrl)}
                  draggable={false}
                  className="object-cover"
                />
              ) : (
                <span className="flex size-full items-center justify-center text-stone-muted">
                  <Gem aria-hidden className="size-6 stroke-1" />
                </span>
              )}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-serif text-lg leading-snug">{line.name}</p>
              <p className="tabular text-xs text-stone-muted">SKU: {line.sku || 'N/A'}</p>
              {line.specificationsText && <p className="mt-1 text-sm text-ink-soft">{line.specificationsText}</p>}
              {line.leadTime && (
                <p className="mt-1 text-sm text-ink-soft" data-testid="summary-lead-time">
                  {leadTimeShort(line.leadTime)}
                </p>
              )}
              <p className="tabular mt-1 text-sm text-stone-muted">
                {line.quantity} × {formatCents(line.unitPriceCents)}
              </p>
            </div>
            <p className="tabular shrink-0 font-medium">{formatCents(line.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-line pt-4 text-sm">
        {delivery ? (
          rows.map((row) => {
            const id = rowTestId(row.label);
            // A tax row is found by its jurisdiction's name, the others by their amount.
            return (
              <div key={row.label} className="contents" data-testid={id === 'checkout-tax-part' ? id : undefined}>
                <dt>{row.label}</dt>
                <dd className="tabular text-right" data-testid={id === 'checkout-tax-part' ? undefined : id}>
                  {row.value}
                </dd>
              </div>
            );
          })
        ) : (
          <>
            <dt>{SUBTOTAL_LABEL}</dt>
            <dd className="tabular text-right" data-testid="checkout-subtotal">
              {formatCents(totalCents)}
            </dd>
            <dt>Shipping</dt>
            <dd className="text-right text-stone-muted" data-testid="checkout-shipping">
              {PENDING}
            </dd>
            <dt>{SALES_TAX_LABEL}</dt>
            <dd className="text-right text-stone-muted">{PENDING}</dd>
          </>
        )}
      </dl>
      {note && <p className="mt-2 text-xs text-stone-muted">{note}</p>}
      <dl className="mt-3 flex items-baseline justify-between border-t border-stone-line pt-4">
        <dt className="font-medium">Total</dt>
        <dd className="tabular font-serif text-2xl" data-testid="checkout-total" aria-live="polite">
          {formatCents(delivery?.totalCents ?? totalCents)}
        </dd>
      </dl>
    </section>
  );
}
