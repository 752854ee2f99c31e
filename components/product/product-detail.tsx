import { Clock, ShoppingBag, Truck } from 'lucide';
import Link from '@/components/shop/shop-link';
import { Icon } from '@/components/ui/icon';
import { CATEGORY_INFO } from '@/lib/catalog/categories';
import { leadTimeLabel, productLeadTime } from '@/lib/catalog/lead-time';
import { detailsList } from '@/lib/purchase/options';
import { purchaseFacts, purchaseModel } from '@/lib/purchase/model';
import { pricePurchaseModel } from '@/lib/purchase/priced-pages';
import type { PriceView } from '@/lib/purchase/price-view';
import type { GroupTerms } from '@/lib/purchase/group-pricing';
import type { ProductDetail as ProductDetailData } from '@/lib/catalog/product';
import { ProductGallery } from './product-gallery';
import { ProductJsonLd } from './product-json-ld';
import { ProductPurchase } from './product-purchase';
import { VolumeBreaks } from './volume-breaks';
import { quantityIcons } from './quantity-icons';

function PurchaseFacts({ facts }: { facts: Array<[string, string]> }) {
  if (facts.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="font-medium">{label}:</dt>
          <dd className="text-ink-soft">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The detail page body shared by every category route, in a price view (lib/purchase/priced-pages.ts). */
export function ProductDetail({ detail, view, terms }: { detail: ProductDetailData; view: PriceView; terms: GroupTerms | null }) {
  const { product, images } = detail;
  const info = CATEGORY_INFO[product.category];
  const urls = images.length > 0 ? images.map((i) => i.image_url) : product.image_url ? [product.image_url] : [];
  const description = product.description?.trim();
  const leadTime = productLeadTime(product);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-10 sm:px-6 lg:px-8 lg:pt-8 lg:pb-16">
      {/* Offers name list prices only, and only where everyone sees them. */}
      <ProductJsonLd product={product} images={urls} offers={view.kind === 'list'} />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link href="/" className="hover:text-ink">
              Home
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link href={`/category/${info.route}`} className="hover:text-ink">
              {info.label}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="truncate text-ink-soft">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ProductGallery key={product.id} name={product.name} images={urls} />
        </div>

        <div>
          <p className="text-xs font-medium tracking-[0.2em] text-gold-dark uppercase">{info.label}</p>
          <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{product.name}</h1>
          <p className="tabular mt-2 text-sm text-stone-muted">SKU: {product.sku || 'N/A'}</p>
          <p className="mt-3 flex items-center gap-2 text-sm font-medium text-ink" data-testid="product-lead-time">
            <Icon node={leadTime.kind === 'in_stock' ? Truck : Clock} aria-hidden className="size-4 shrink-0 text-gold-dark" />
            {leadTimeLabel(leadTime)}
          </p>

          <ProductPurchase
            model={pricePurchaseModel(purchaseModel(product), product, view, terms)}
            icons={{ ...quantityIcons(), bag: <Icon node={ShoppingBag} aria-hidden className="size-4" /> }}
            facts={<PurchaseFacts facts={purchaseFacts(product)} />}
            breaks={product.price_breaks.length > 0 ? <VolumeBreaks breaks={product.price_breaks} /> : null}
            description={
              description ? (
                <section className="mt-10" aria-labelledby="product-description">
                  <h2 id="product-description" className="text-xl">
                    Description
                  </h2>
                  <p className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">{description}</p>
                </section>
              ) : null
            }
            details={detailsList(product)}
          />
        </div>
      </div>
    </div>
  );
}
