'use client';
import { Info, X } from 'lucide-react';
import { correctionNote } from '@/lib/cart/corrections';
import { useCart } from './cart-context';

/** What the cart changed so its quantities can be bought, on the cart and checkout pages until dismissed. */
export function CartCorrections({ className = '' }: { className?: string }) {
  const { corrections, dismissCorrections } = useCart();
  if (corrections.length === 0) return null;
  return (
    <div role="status" className={`flex items-start gap-3 rounded-md border border-gold/40 bg-ivory-deep px-4 py-3 text-sm ${className}`}>
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-dark" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">We updated your cart to quantities that can be ordered.</p>
        <ul className="mt-1 space-y-0.5 text-ink-soft">
          {corrections.map((correction, i) => (
            <li key={i}>{correctionNote(correction)}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={dismissCorrections}
        aria-label="Dismiss cart update note"
        className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-stone-muted hover:bg-white hover:text-ink"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
