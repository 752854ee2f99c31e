import { Gem } from 'lucide-react';
import Image from 'next/image';
import { canOptimize } from '@/components/shop/listing/image-srcset';
import type { PricedLine } from '@/lib/checkout/pricing';
import { formatCents } from '@/lib/core/format/money';

/** The server-priced lines: exactly what will be charged. */
export function OrderSummary({ lines, totalCents }: { lines: PricedLine[]; totalCents: number }) {
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
              <p className="tabular mt-1 text-sm text-stone-muted">
                {line.quantity} × {formatCents(line.unitPriceCents)}
              </p>
            </div>
            <p className="tabular shrink-0 font-medium">{formatCents(line.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 flex items-baseline justify-between border-t border-stone-line pt-4">
        <dt className="font-medium">Total</dt>
        <dd className="tabular font-serif text-2xl" data-testid="checkout-total">
          {formatCents(totalCents)}
        </dd>
      </dl>
    </section>
  );
}
