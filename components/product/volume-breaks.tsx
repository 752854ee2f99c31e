import type { PriceBreak } from '@/lib/catalog/types';
import { breakFor, formatPercent, nextBreak, nextBreakLabel } from '@/lib/purchase/volume-pricing';

/** The product's volume tiers, the one reached by `total` pieces marked, and how many more reach the next. */
export function VolumeBreaks({ breaks, total }: { breaks: readonly PriceBreak[]; total: number }) {
  const reached = breakFor(total, breaks);
  const next = nextBreak(total, breaks);
  return (
    <div className="text-sm" data-testid="volume-breaks">
      <table className="tabular w-full max-w-xs border-collapse text-left">
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
              <tr key={b.minQuantity} className={b === reached ? 'font-medium text-ink' : 'text-stone-muted'} aria-current={b === reached ? 'true' : undefined}>
                <td className="py-0.5 pr-6">{b.minQuantity}+ pieces</td>
                <td className="py-0.5">{formatPercent(b.percentOff)}% off</td>
              </tr>
            ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-muted">Every option of this piece counts toward the discount together.</p>
      {next && <p className="mt-1 text-gold-dark" role="status">{nextBreakLabel(next)}</p>}
    </div>
  );
}
