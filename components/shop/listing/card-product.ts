import type { ProductSummary } from '@/lib/catalog/types';

/** What a card shows: a listing row without created_at, which only orders the list. */
export type CardProduct = Omit<ProductSummary, 'created_at'>;

/** Drops what the card does not need, so the page's RSC payload carries less per card. */
export function toCardProduct({ created_at: _created, ...card }: ProductSummary): CardProduct {
  return card;
}
