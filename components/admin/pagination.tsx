import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { paginationWindow } from '@/lib/core/pagination';

interface AdminPaginationProps {
  page: number;
  totalPages: number;
  /** The URL of a page of the same view. */
  href: (page: number) => string;
}

/** Page links of a back-office list (the window: 1-4 … last, first … last 4, or first … n-1 n n+1 … last). */
export function AdminPagination({ page, totalPages, href }: AdminPaginationProps) {
  if (totalPages <= 1) return null;
  const item = 'tabular inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm';
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" aria-label="Previous page" className={`${item} hover:bg-neutral-200`}>
          <ChevronLeft aria-hidden className="size-4" />
        </Link>
      ) : (
        <span aria-hidden className={`${item} text-neutral-300`}>
          <ChevronLeft className="size-4" />
        </span>
      )}
      <ul className="flex items-center gap-1">
        {paginationWindow(page, totalPages).map((p) =>
          typeof p === 'number' ? (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${item} bg-ink text-white`}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link href={href(p)} className={`${item} hover:bg-neutral-200`}>
                  <span className="sr-only">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ) : (
            <li key={p} aria-hidden className={item}>
              …
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link href={href(page + 1)} rel="next" aria-label="Next page" className={`${item} hover:bg-neutral-200`}>
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span aria-hidden className={`${item} text-neutral-300`}>
          <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
