'use client';
// The list view's table: a checkbox per row and one for the page, headers that sort (aria-sort says how), and rows
// that open the product's edit modal. On a phone the image and the update time are left out, and SKU and MOQ fold
// under the name.
import { ArrowDown, ArrowUp, ArrowUpDown, Loader2 } from 'lucide-react';
import Link from 'next/link';
import type { AdminListRow } from '@/lib/admin/catalog/list';
import { LIST_SORTS, nextSort, PRODUCT_STATUS_LABELS, type ListQuery, type ListSort, type ProductStatus } from '@/lib/admin/catalog/list-params';
import { formatCents } from '@/lib/core/format/money';
import { Thumb } from '../thumb';

export const PRODUCT_STATUS_BADGE: Record<ProductStatus, string> = {
  draft: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  active: 'bg-green-50 text-green-900 ring-green-600/30',
  archived: 'bg-amber-50 text-amber-900 ring-amber-600/30',
};

interface ProductTableProps {
  rows: AdminListRow[];
  query: ListQuery;
  sortHref(sort: ListSort, dir: ListQuery['dir']): string;
  selected: ReadonlySet<string>;
  onToggle(id: string, on: boolean): void;
  onTogglePage(on: boolean): void;
  /** The row whose modal is being opened. */
  opening: string | null;
  onOpen(id: string, from: HTMLElement): void;
}

const HIDE = { sku: 'hidden md:table-cell', moq: 'hidden sm:table-cell', updated: 'hidden lg:table-cell', status: '', name: '', price: '' } as const;

function SortHeader({ sort, query, href, className = '' }: { sort: ListSort; query: ListQuery; href: ProductTableProps['sortHref']; className?: string }) {
  const active = query.sort === sort;
  const next = nextSort(query, sort);
  const Icon = !active ? ArrowUpDown : query.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`${HIDE[sort]} ${className}`}>
      <Link href={href(next.sort, next.dir)} scroll={false} replace className="inline-flex items-center gap-1 hover:underline">
        {LIST_SORTS[sort].label}
        <Icon aria-hidden className={`size-3.5 ${active ? '' : 'text-neutral-400'}`} />
        <span className="sr-only">, sort {next.dir === 'asc' ? 'ascending' : 'descending'}</span>
      </Link>
    </th>
  );
}

export function ProductTable({ rows, query, sortHref, selected, onToggle, onTogglePage, opening, onOpen }: ProductTableProps) {
  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <div className="relative overflow-x-auto rounded-md border border-neutral-200 bg-white">
      <table className="adm-table">
        <caption className="sr-only">Products, sorted by {LIST_SORTS[query.sort].label} {query.dir === 'asc' ? 'ascending' : 'descending'}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-10">
              <input
                type="checkbox"
                className="size-4 accent-ink"
                aria-label="Select every product on this page"
                checked={pageSelected}
                onChange={(e) => onTogglePage(e.target.checked)}
              />
            </th>
            <th scope="col" className="hidden w-14 sm:table-cell">
              <span className="sr-only">Image</span>
            </th>
            <SortHeader sort="name" query={query} href={sortHref} />
            <SortHeader sort="sku" query={query} href={sortHref} />
            <SortHeader sort="price" query={query} href={sortHref} className="text-right" />
            <SortHeader sort="moq" query={query} href={sortHref} className="text-right" />
            <SortHeader sort="status" query={query} href={sortHref} />
            <SortHeader sort="updated" query={query} href={sortHref} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={`cursor-pointer hover:bg-neutral-50 ${selected.has(r.id) ? 'bg-amber-50/60' : ''}`}
              onClick={(e) => {
                // The checkbox and the name's button answer for themselves.
                if ((e.target as HTMLElement).closest('input,button,a')) return;
                onOpen(r.id, e.currentTarget.querySelector('button') ?? e.currentTarget);
              }}
            >
              <td>
                <input
                  type="checkbox"
                  className="size-4 accent-ink"
                  aria-label={`Select ${r.name}`}
                  checked={selected.has(r.id)}
                  onChange={(e) => onToggle(r.id, e.target.checked)}
                />
              </td>
              <td className="hidden sm:table-cell">
                <Thumb src={r.imageUrl} size={40} />
              </td>
              <th scope="row" className="min-w-40">
                <button type="button" className="text-left font-medium hover:underline" onClick={(e) => onOpen(r.id, e.currentTarget)}>
                  {opening === r.id && <Loader2 aria-hidden className="mr-1 inline size-3.5 animate-spin" />}
                  {r.name}
                  <span className="sr-only">, edit</span>
                </button>
                <span className="tabular block text-xs font-normal text-stone-muted md:hidden">SKU: {r.sku ?? 'N/A'}</span>
                <span className="tabular block text-xs font-normal text-stone-muted sm:hidden">MOQ: {r.moq}</span>
                {(r.isNew || r.isMens) && (
                  <span className="mt-1 flex gap-1">
                    {r.isNew && <span className="adm-badge bg-emerald-50 text-emerald-800 ring-emerald-600/20">New</span>}
                    {r.isMens && <span className="adm-badge bg-sky-50 text-sky-800 ring-sky-600/20">Men&apos;s</span>}
                  </span>
                )}
              </th>
              <td className="tabular hidden md:table-cell">{r.sku ?? 'N/A'}</td>
              <td className="tabular whitespace-nowrap text-right">{r.priceFromCents === null ? '—' : formatCents(r.priceFromCents)}</td>
              <td className="tabular hidden text-right sm:table-cell">{r.moq}</td>
              <td>
                <span className={`adm-badge ${PRODUCT_STATUS_BADGE[r.status]}`}>{PRODUCT_STATUS_LABELS[r.status]}</span>
              </td>
              <td className="tabular hidden whitespace-nowrap lg:table-cell">
                <time dateTime={r.updatedAt}>{r.updatedLabel}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
