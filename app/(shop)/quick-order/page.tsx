import type { Metadata } from 'next';
import Link from '@/components/shop/shop-link';
import { QuickOrderView } from '@/components/quick-order/quick-order-view';

export const metadata: Metadata = {
  title: 'Quick Order',
  description: 'Order by SKU: type or paste your list, or upload a CSV, and add every line to your cart in one step.',
  alternates: { canonical: '/quick-order' },
};

// The grid lives in the browser (its rows are kept in local storage); the page is a static shell.
export default function QuickOrderPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">Quick Order</h1>
        <Link href="/cart" className="text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline">
          Go to cart
        </Link>
      </div>
      <p className="mt-3 max-w-2xl text-ink-soft">
        Type a SKU or a name, paste a list, or upload a CSV. Every line is checked against the catalog: prices, minimum
        orders and pack sizes included.
      </p>
      <QuickOrderView />
    </div>
  );
}
