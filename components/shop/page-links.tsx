import { ChevronLeft, ChevronRight } from 'lucide';
import { Icon } from '@/components/ui/icon';
import Link from '@/components/shop/shop-link';
import type { PageItem } from '@/lib/core/pagination';

interface PageLinksProps {
  current: number;
  pages: PageItem[];
  totalPages: number;
  href(page: number): string;
}

/** Previous, numbered and next page links (page windows from lib/core/pagination); the scroll to the top is smooth. */
export function PageLinks({ current, pages, totalPages, href }: PageLinksProps) {
  if (totalPages <= 1) return null;
  const prev = current > 1 ? Math.min(current - 1, totalPages) : null;
  const next = current < totalPages ? current + 1 : null;
  return (
    <nav aria-label="Pagination" className="pager">
      {prev ? (
        <Link href={href(prev)} scroll={false} rel="prev" aria-label="Previous page">
          <Icon node={ChevronLeft} aria-hidden />
        </Link>
      ) : (
        <span aria-hidden className="pager-off">
          <Icon node={ChevronLeft} />
        </span>
      )}
      <ul>
        {pages.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {item === current ? (
                <span aria-current="page">
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link href={href(item)} scroll={false}>
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ) : (
            <li key={item} aria-hidden>
              …
            </li>
          ),
        )}
      </ul>
      {next ? (
        <Link href={href(next)} scroll={false} rel="next" aria-label="Next page">
          <Icon node={ChevronRight} aria-hidden />
        </Link>
      ) : (
        <span aria-hidden className="pager-off">
          <Icon node={ChevronRight} />
        </span>
      )}
    </nav>
  );
}
