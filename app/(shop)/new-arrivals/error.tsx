'use client';
import { ListingErrorBoundary } from '@/components/shop/listing/listing-error-boundary';

export default function ListingRouteError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ListingErrorBoundary {...props} />;
}
