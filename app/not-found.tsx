import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/shop/content/not-found-message';

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

// Kept free of the shop chrome on purpose: Next.js puts the root not-found tree into every page's payload.
export default function NotFound() {
  return (
    <main>
      <NotFoundMessage />
    </main>
  );
}
