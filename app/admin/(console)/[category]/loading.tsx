import { ProductGridSkeleton } from '@/components/admin/catalog/product-card';

export default function Loading() {
  return <ProductGridSkeleton />;
}
