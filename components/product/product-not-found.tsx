import Link from '@/components/shop/shop-link';
import { StaffPreviewRedirect } from './staff-preview-redirect';

/** 'Product Not Found'; the ring page speaks of "the ring". */
export function ProductNotFound({ noun = 'product' }: { noun?: 'product' | 'ring' }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl sm:text-4xl">Product Not Found</h1>
      <p className="mt-4 text-ink-soft">{`The ${noun} you're looking for doesn't exist or has been removed.`}</p>
      <Link
        href="/products"
        className="btn-primary mt-8"
      >
        Continue Shopping
      </Link>
      <StaffPreviewRedirect />
    </div>
  );
}
