import type { PriceBreak } from '@/lib/catalog/types';
import { formatPercent } from '@/lib/purchase/volume-pricing';

/**
 * The product's volume tiers, drawn by the server (no script on the product page for them); the purchase form says
 * which one the chosen quantity reaches and how many more reach the next.
 */
export function VolumeBreaks({ breaks }: { breaks: readonly PriceBreak[] }) {
  return (
    <div className="text-sm" data-testid="volume-breaks">
      <table className="tabular w-full max-w-xs border-collapse text-left text-ink-soft">
        <caption className="mb-1 text-left font-medium text-ink">Volume pricing</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Discount</th>
          </tr>
        </thead>
        <tbody>
          {[...breaks]
            .sort((a, b) => a.minQuantity - b.minQuantity)
            .map((b) => (
              <tr key={b.minQuantity}>
                <td className="py-0.5 pr-6">{b.minQuantity}+ pieces</td>
                <td className="py-0.5">{formatPercent(b.percentOff)}% off</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-muted">Every option of this piece counts toward the discount together.</p>
    </div>
  );
}
