import { Search } from 'lucide-react';
import { CUSTOMER_SEARCH_MAX_LENGTH, type CustomersQuery } from '@/lib/admin/customers/params';

/** A plain GET form (works before scripts load): the search starts again at page 1 and keeps the sort. */
export function CustomersSearch({ query }: { query: CustomersQuery }) {
  return (
    <form role="search" action="/admin/customers" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <label htmlFor="customers-q" className="adm-label">
          Search name, e-mail or phone
        </label>
        <input id="customers-q" name="q" type="search" defaultValue={query.q} maxLength={CUSTOMER_SEARCH_MAX_LENGTH} className="adm-input" autoComplete="off" />
      </div>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <button type="submit" className="adm-btn">
        <Search aria-hidden className="size-4" /> Search
      </button>
    </form>
  );
}
