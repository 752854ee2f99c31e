// In place of a price where the shop hides prices from this visitor (lib/purchase/price-view.ts): what to do to see
// them. Plain markup, so a card or the product page's form can hold it.
import Link from '@/components/shop/shop-link';
import { GATE_TEXT } from '@/lib/purchase/price-labels';

export function PriceGate({ gate, compact = false }: { gate: 'sign_in' | 'apply'; compact?: boolean }) {
  const text = GATE_TEXT[gate];
  // Inside a card, which is a link itself: the words alone (the listing's own banner holds the link).
  if (compact) {
    return (
      <p className="pcard-gate" data-testid="price-gate">
        {text.action}
      </p>
    );
  }
  return (
    <div className="rounded-sm border border-stone-line bg-ivory-deep px-4 py-3" data-testid="price-gate">
      <p className="text-sm text-ink-soft">{text.note}</p>
      <Link href={text.href} className="mt-1 inline-block font-medium text-gold-dark underline underline-offset-4 hover:text-ink">
        {text.action}
      </Link>
    </div>
  );
}
