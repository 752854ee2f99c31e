import { ProductGridSkeleton } from '@/components/admin/catalog/product-tile';

export default function Loading() {
  return <ProductGridSkeleton />;
}
