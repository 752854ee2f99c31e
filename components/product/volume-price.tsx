'use client';
// The volume break's part of the purchase form: the unit price at the break reached, 'Add {n} more for {p}% off',
// and the total at that price. Loaded only for a product with breaks (product-purchase.tsx), so a product page
// without them carries none of this into the browser.
import { formatDollars } from '@/lib/core/format/money';
import type { PriceBreak } from '@/lib/catalog/types';
import { formatPercent, nextBreakLabel } from '@/lib/purchase/volume-pricing';
import { nextUsefulBreak, shownUnitCents } from '@/lib/purchase/group-pricing';

export interface VolumePriceProps {
  /** The selection's unit price in dollars (the group's, where the buyer has a group). */
  price: number;
  /** The list price beside a group's price: a break takes its percent off it (lib/purchase/group-pricing.ts). */
  listPrice?: number | null;
  /** Pieces of this product the break counts: this quantity and the cart's other lines of it. */
  total: number;
  quantity: number;
  breaks: readonly PriceBreak[];
  part: 'price' | 'next' | 'total';
}

export default function VolumePrice({ price, listPrice, total, quantity, breaks, part }: VolumePriceProps) {
  const resolved = shownUnitCents(price, listPrice, total, breaks);
  const unitCents = resolved.unitCents;
  const reached = resolved.percentOff === null ? null : { percentOff: resolved.percentOff };
  if (part === 'total') return <>{formatDollars((unitCents * quantity) / 100)}</>;
  if (part === 'price') {
    return reached ? (
      <span className="tabular text-sm text-gold-dark" data-testid="volume-price">
        {formatDollars(unitCents / 100)} at {formatPercent(reached.percentOff)}% off
      </span>
    ) : null;
  }
  const next = nextUsefulBreak(price, listPrice, total, breaks);
  return (
    <p className="mt-1 min-h-5 text-sm text-gold-dark" role="status" data-testid="next-break">
      {next ? nextBreakLabel(next) : ''}
    </p>
  );
}
