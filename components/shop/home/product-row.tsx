import { ArrowRight } from 'lucide';
import { Icon } from '@/components/ui/icon';
import Link from '@/components/shop/shop-link';
import { toCardProduct } from '@/components/shop/listing/card-product';
import { ProductCard } from '@/components/shop/product-card';
import type { ProductSummary } from '@/lib/catalog/types';

interface ProductRowProps {
  id: string;
  eyebrow: string;
  title: string;
  href: string;
  products: ProductSummary[];
  className: string;
  /** A marker for tests, on the card list. */
  testId?: string;
}

/** A home page section of product cards (Featured Pieces, New Arrivals) with its heading and View all link. */
export function ProductRow({ id, eyebrow, title, href, products, className, testId }: ProductRowProps) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>
      <div className="flex items-end justify-between gap-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.32em] text-gold-dark">{eyebrow}</p>
          <h2 id={id} className="mt-3 font-serif text-3xl font-medium text-ink sm:text-4xl">
            {title}
          </h2>
        </div>
        <Link href={href} scroll={false} className="inline-flex items-center gap-2 text-sm text-ink underline-offset-4 hover:text-gold-dark hover:underline">
          View all
          <Icon node={ArrowRight} aria-hidden className="size-4" />
        </Link>
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-4 lg:gap-x-6" data-testid={testId}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={toCardProduct(product)} sizes="(min-width:1280px) 296px,(min-width:768px) 23vw,46vw" headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
