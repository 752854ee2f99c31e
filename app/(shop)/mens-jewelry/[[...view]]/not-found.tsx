// A page number past the last (components/shop/listing/listing-page.tsx): 404 with 'No products found'. A malformed
// view path never gets here: the middleware sends it to the shop's 'Page Not Found'.
export { ListingPastEnd as default } from '@/components/shop/listing/listing-states';
