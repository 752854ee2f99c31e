import { HOME_METADATA, HomePage } from '@/components/shop/home/home-page';

// Rendered once and served from the cache (ISR); catalog data is tagged 'catalog' for revalidation. This is what an
// anonymous visitor sees; a signed-in buyer's other price view is app/(shop)/[slug] (components/shop/home/home-page.tsx).
export const revalidate = 300;

export const metadata = HOME_METADATA;

export default function Page() {
  return <HomePage prices={null} />;
}
