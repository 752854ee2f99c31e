import { ArrowRight, Gem, PenTool, ShieldCheck, Star } from 'lucide';
import { Icon } from '@/components/ui/icon';
import type { Metadata } from 'next';
import Link from '@/components/shop/shop-link';
import { CardIconSprite } from '@/components/shop/listing/card-icons';
import { ProductImage } from '@/components/shop/listing/product-image';
import { ProductRow } from '@/components/shop/home/product-row';
import { OrganizationJsonLd } from '@/components/shop/organization-json-ld';
import { getHome, type HomeData } from '@/lib/catalog/home';
import { EMPTY_STOREFRONT, homeView } from '@/lib/catalog/home-rules';
import { pageMetadata } from '@/lib/seo/metadata';
import { getShopSettings } from '@/lib/settings/shop-settings';
import { logError } from '@/lib/core/log';
import { priceCards } from '@/lib/purchase/page-prices';
import type { PriceView } from '@/lib/purchase/price-view';

// The home page's body, in a price view: app/(shop)/page.tsx serves what an anonymous visitor sees, and a signed-in
// buyer's other view is served through app/(shop)/[slug] (lib/purchase/price-view-paths.ts rewrites / to
// /price-…, which no content page's slug can be).
const HOME_TITLE = 'Aurelia Fine Jewelry — Wholesale Jewelry Since 2003';

export const HOME_METADATA: Metadata = {
  ...pageMetadata({
    title: HOME_TITLE,
    description:
      'Wholesale rings, necklaces, bracelets, earrings and body jewelry in silver, gold and rose gold. Made by hand since 2003, with custom design and quality assurance.',
    path: '/',
  }),
  title: { absolute: HOME_TITLE },
};

const CATEGORY_TILES = [
  { href: '/category/rings', label: 'Rings', cover: 'rings' },
  { href: '/category/necklaces', label: 'Necklaces', cover: 'necklaces' },
  { href: '/category/bracelets', label: 'Bracelets', cover: 'bracelets' },
  { href: '/category/earrings', label: 'Earrings', cover: 'earrings' },
  { href: '/category/body-jewelry', label: 'Body Jewelry', cover: 'body_jewelry' },
  { href: '/mens-jewelry', label: "Men's Jewelry", cover: 'mens' },
] as const;

const PILLARS = [
  {
    icon: Gem,
    title: 'Crafted since 2003',
    text: 'More than twenty years at the bench. Every piece is cast, set and finished in our own workshop.',
  },
  {
    icon: PenTool,
    title: 'Custom design',
    text: 'Bring us a sketch, a stone or an idea. Our designers develop it with you into a piece made for your shop.',
  },
  {
    icon: ShieldCheck,
    title: 'Quality assurance',
    text: 'Each piece is inspected for metal, setting and finish before it ships, and we stand behind every order.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'The quality is consistently excellent, and the low minimums let us try new designs without risk. Our customers notice the difference.',
    name: 'Sarah Mitchell',
    business: 'Mitchell & Co. Boutique, Charleston',
  },
  {
    quote:
      'They turned a rough sketch into a signature pendant line for our stores. The custom design process was effortless from start to finish.',
    name: 'David Chen',
    business: 'Lumen Jewelers, San Francisco',
  },
  {
    quote:
      'Twelve years of orders and never a piece we had to send back. Reliable, beautifully finished, and always on time.',
    name: 'Elena Rodríguez',
    business: 'Casa Elena Gallery, Santa Fe',
  },
];

async function loadHomeData(): Promise<HomeData> {
  try {
    return await getHome();
  } catch (err) {
    // The home page still tells the story when the catalog cannot be read.
    logError('Home showcase query failed', err);
    return { ...homeView(EMPTY_STOREFRONT, {}), newArrivals: [] };
  }
}

function FiveStars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-0.5 text-gold">
      {Array.from({ length: 5 }, (_, i) => (
        <Icon node={Star} key={i} aria-hidden className="size-4 fill-current" strokeWidth={1.5} />
      ))}
    </div>
  );
}

export async function HomePage({ prices }: { prices: PriceView | null }) {
  // Staff's choices from the Storefront screen, each falling back to the newest product's image (lib/catalog/home-rules.ts).
  const [{ hero, tiles, ...rows }, settings] = await Promise.all([loadHomeData(), getShopSettings()]);
  const [featured, newArrivals] = await Promise.all([priceCards(prices, rows.featured), priceCards(prices, rows.newArrivals)]);

  return (
    <>
      <OrganizationJsonLd settings={settings} />
      {/* Hero */}
      <section className="relative overflow-hidden border-b border-stone-line">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:px-8 lg:py-24">
          <div>
            <p className="text-xs font-medium uppercase tracking-[0.32em] text-gold-dark">Wholesale fine jewelry · Since 2003</p>
            <h1 className="mt-5 text-balance font-serif text-[2.75rem] font-medium leading-[1.05] tracking-tight text-ink sm:text-6xl lg:text-[4.25rem]">
              {hero.heading}
            </h1>
            <p className="mt-6 max-w-lg text-base leading-7 text-ink-soft sm:text-lg">
              For more than twenty years we have designed and made rings, necklaces, bracelets and earrings for
              boutiques and jewelers, in silver, gold and rose gold, with low minimums and custom design.
            </p>
            <div className="mt-9 flex flex-wrap gap-3">
              <Link
                href={hero.link}
                scroll={false}
                className="btn-primary h-12 rounded-sm px-7"
              >
                {hero.linkLabel}
                <Icon node={ArrowRight} aria-hidden className="size-4" />
              </Link>
              <Link
                href="/new-arrivals"
                scroll={false}
                className="inline-flex h-12 items-center rounded-sm border border-ink/80 px-7 text-sm font-medium tracking-wide text-ink transition-colors hover:border-gold-dark hover:text-gold-dark"
              >
                New Arrivals
              </Link>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-sm sm:max-w-md lg:max-w-none">
            <div className="relative ml-auto w-[82%]">
              <ProductImage
                src={hero.imageUrl}
                alt={hero.alt}
                sizes="(min-width:1024px) 460px,80vw"
                widths="hero"
                priority
                className="rounded-sm shadow-[0_30px_60px_-30px_rgba(28,27,25,0.35)]"
              />
            </div>
            <div className="absolute -bottom-6 left-0 w-[44%] border-[6px] border-ivory">
              <ProductImage
                src={hero.sideImageUrl}
                alt="A ring from our current collection"
                sizes="(min-width: 1024px) 250px, 40vw"
                widths="tile"
              />
            </div>
          </div>
        </div>
      </section>

      {/* Categories */}
      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pt-20 sm:px-6 lg:px-8">
        <div className="flex items-end justify-between gap-4">
          <h2 id="categories-heading" className="font-serif text-3xl font-medium text-ink sm:text-4xl">
            Shop by Category
          </h2>
          <Link href="/products" scroll={false} className="hidden text-sm text-ink underline-offset-4 hover:text-gold-dark hover:underline sm:inline">
            View all products
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.href}>
              <Link href={tile.href} scroll={false} className="group block">
                <ProductImage
                  src={tiles[tile.cover] ?? null}
                  alt=""
                  sizes="(min-width: 1024px) 200px, (min-width: 640px) 31vw, 46vw"
                  widths="tile"
                  className="rounded-sm border border-stone-line/70"
                />
                <span className="mt-3 flex items-center justify-between font-serif text-lg text-ink group-hover:text-gold-dark">
                  {tile.label}
                  <Icon node={ArrowRight} aria-hidden className="size-4 opacity-0 transition-opacity group-hover:opacity-100" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {/* One sprite for the cards of both product sections (its symbols' ids must be unique on the page). */}
      {(featured.length > 0 || newArrivals.length > 0) && <CardIconSprite />}
      {/* Featured: chosen and ordered on the Storefront screen; only active products reach this list. */}
      {featured.length > 0 && (
        <ProductRow id="featured-heading" eyebrow="Our selection" title="Featured Pieces" href="/products?sort=featured" products={featured} className="pt-20" testId="featured-products" />
      )}

      {/* Story */}
      <section aria-labelledby="story-heading" className="mt-24 bg-ivory-deep/70">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:px-8">
          <div>
            <p className="text-xs font-medium uppercase tracking-[0.32em] text-ink-soft">Our story</p>
            <h2 id="story-heading" className="mt-4 font-serif text-4xl font-medium leading-tight text-ink sm:text-5xl">
              Making jewelry since 2003
            </h2>
            <p className="mt-6 max-w-md leading-7 text-ink-soft">
              We started as a two-person bench workshop and grew by doing one thing carefully: making pieces that shops
              are proud to sell. Today we supply boutiques and jewelers around the world, and we still finish every
              piece by hand.
            </p>
            <Link
              href="/our-story"
              scroll={false}
              className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-ink underline-offset-4 hover:text-gold-dark hover:underline"
            >
              Read our story
              <Icon node={ArrowRight} aria-hidden className="size-4" />
            </Link>
          </div>
          <ul className="grid gap-8 sm:grid-cols-3 lg:gap-6">
            {PILLARS.map(({ icon, title, text }) => (
              <li key={title} className="border-t border-gold/60 pt-6">
                <Icon node={icon} aria-hidden strokeWidth={1.25} className="size-8 text-gold-dark" />
                <h3 className="mt-4 font-serif text-2xl text-ink">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* New arrivals */}
      {newArrivals.length > 0 && (
        <ProductRow id="arrivals-heading" eyebrow="Just in" title="New Arrivals" href="/new-arrivals" products={newArrivals} className="pt-24" />
      )}

      {/* Testimonials */}
      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 pt-24 sm:px-6 lg:px-8">
        <h2 id="testimonials-heading" className="text-center font-serif text-3xl font-medium text-ink sm:text-4xl">
          What Our Clients Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-sm border border-stone-line bg-white/50 p-7">
                <FiveStars />
                <blockquote className="mt-5 flex-1 font-serif text-xl leading-8 text-ink">“{t.quote}”</blockquote>
                <figcaption className="mt-6 border-t border-stone-line pt-4">
                  <span className="block text-sm font-medium text-ink">{t.name}</span>
                  <span className="block text-xs text-stone-muted">{t.business}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
