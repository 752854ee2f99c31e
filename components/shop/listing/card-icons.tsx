import { ArrowRight, Check, ShoppingBag } from 'lucide';
import { Icon } from '@/components/ui/icon';

/** Ids of the card icons; cards draw them with <use>, so a 20-card page carries each icon's paths once. */
export const CARD_ICON = { bag: 'card-i-bag', check: 'card-i-check', arrow: 'card-i-arrow' } as const;

/** The card icon sprite. Render it once on any page that shows product cards. */
export function CardIconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute size-0 overflow-hidden">
      <symbol id={CARD_ICON.bag} viewBox="0 0 24 24">
        <Icon node={ShoppingBag} />
      </symbol>
      <symbol id={CARD_ICON.check} viewBox="0 0 24 24">
        <Icon node={Check} />
      </symbol>
      <symbol id={CARD_ICON.arrow} viewBox="0 0 24 24">
        <Icon node={ArrowRight} />
      </symbol>
    </svg>
  );
}

export function CardIcon({ name }: { name: keyof typeof CARD_ICON }) {
  return (
    <svg aria-hidden className="pcard-icon">
      <use href={`#${CARD_ICON[name]}`} />
    </svg>
  );
}
