import { Minus, Plus } from 'lucide';
import { Icon } from '@/components/ui/icon';
import type { ReactNode } from 'react';

export interface QuantityIcons {
  minus: ReactNode;
  plus: ReactNode;
}

/**
 * The − and + of <QuantityInput>, passed in drawn: a server page draws them there, so the icon code stays out of
 * its JavaScript.
 */
export function quantityIcons(): QuantityIcons {
  return {
    minus: <Icon node={Minus} aria-hidden className="size-4" />,
    plus: <Icon node={Plus} aria-hidden className="size-4" />,
  };
}
