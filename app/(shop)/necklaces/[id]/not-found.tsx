import type { Metadata } from 'next';
import { ProductNotFound } from '@/components/product/product-not-found';

export const metadata: Metadata = { title: 'Product Not Found' };

export default function NotFound() {
  return <ProductNotFound />;
}
