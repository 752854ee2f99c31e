import { ArrowRight, Check, ShoppingBag } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { CARD_ICON } from './card-icon';

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
