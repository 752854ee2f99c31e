import type { AnyListingQuery } from '@/lib/catalog/listing-params';
import { pageHref } from '@/lib/catalog/listing-search';
import type { PageItem } from '@/lib/core/pagination';
import { PageLinks } from '../page-links';

interface PaginationProps {
  basePath: string;
  query: AnyListingQuery;
  pages: PageItem[];
  totalPages: number;
}

/** Page links driven by ?page= (page 1 has no parameter); the scroll to the top is smooth (ScrollToTop). */
export function Pagination({ basePath, query, pages, totalPages }: PaginationProps) {
  return (
    <PageLinks
      current={query.page}
      pages={pages}
      totalPages={totalPages}
      href={(page) => pageHref(basePath, query, page)}
    />
  );
}
