import { ListingLoading } from '@/components/shop/listing/listing-loading';

export default function Loading() {
  return <ListingLoading />;
}
