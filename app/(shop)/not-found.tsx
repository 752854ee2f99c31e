import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/shop/content/not-found-message';

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

export default function ShopNotFound() {
  return <NotFoundMessage />;
}
