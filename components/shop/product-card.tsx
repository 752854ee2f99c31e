// Rendered on the server: only the corner button is a client island, so the card's labels, price formatting and
// image markup stay out of the page's JavaScript (the card's markup travels in the page's payload instead).
import Link from '@/components/shop/shop-link';
import { productPath } from '@/lib/catalog/categories';
import { fromPriceLabel, skuLabel } from '@/lib/catalog/listing-labels';
import { moqLabel } from '@/lib/purchase/quantity';
import type { CardProduct } from './listing/card-product';
import { CardCartButton } from './listing/card-cart-button';
import { CardIcon } from './listing/card-icon';
import { ProductImage } from './listing/product-image';
import { PriceGate } from './price-gate';

/** Image widths of a card in the listing grid (2 / 3 / 4 columns beside the filter sidebar). */
export const LISTING_CARD_SIZES = '(min-width:1024px) 232px,(min-width:768px) 31vw,48vw';

interface ProductCardProps {
  product: CardProduct;
  sizes?: string;
  priority?: boolean;
  /** Heading level of the product name inside the surrounding outline (h2 on listings). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A listing card: image, name, SKU, MOQ and 'From' price, linking to the detail page; the corner button adds it.
 * Pages that show cards render <CardIconSprite /> once.
 */
export function ProductCard({ product, sizes = LISTING_CARD_SIZES, priority, headingLevel = 'h2' }: ProductCardProps) {
  const href = productPath(product.category, product.id);
  const price = fromPriceLabel(product.price_from);
  const Heading = headingLevel;
  return (
    <article className="pcard">
      <Link href={href} scroll={false} className="pcard-link">
        <ProductImage src={product.image_url} alt={product.name} sizes={sizes} priority={priority} className="pcard-media" />
        <Heading className="pcard-name">{product.name}</Heading>
        <p className="pcard-meta">{skuLabel(product.sku)}</p>
        <p className="pcard-meta">{moqLabel(product.moq)}</p>
        {product.price_gate ? <PriceGate gate={product.price_gate} compact /> : price && <p className="pcard-price">{price}</p>}
      </Link>
      <div className="pcard-corner">
        {product.default_price === null || product.price_gate ? (
          // No price for the opening selection: the shopper picks options on the detail page.
          <Link href={href} scroll={false} aria-label={`Choose options for ${product.name}`} className="pcard-btn">
            <CardIcon name="arrow" />
          </Link>
        ) : (
          <CardCartButton product={product} />
        )}
      </div>
    </article>
  );
}
