import { notFound } from 'next/navigation';

// Any deeper path no other route serves (/no/such/route/here) ends here, inside the shop's layout, so its 404 page
// keeps the header and footer like a one-segment 404 does.
export default function DeepNotFound(): never {
  notFound();
}
