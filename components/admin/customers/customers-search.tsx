import { Search } from 'lucide-react';
import { CUSTOMER_SEARCH_MAX_LENGTH, CUSTOMER_SORTS, type CustomersQuery } from '@/lib/admin/customers/params';
import type { TagOption } from '@/lib/admin/customers/tag-store';
import { TAG_TEXT } from '@/lib/admin/customers/tags';

/**
 * A plain GET form (works before scripts load): a search starts again at page 1 and keeps the sort. On a phone, where
 * the table shows only the name and total spent columns, the sort is chosen here too; on wider screens the column
 * headers choose it and these fields, hidden, carry it. The tag filter is chosen here on every screen.
 */
export function CustomersSearch({ query, tags }: { query: CustomersQuery; tags: TagOption[] }) {
  // A tag typed into the URL that no customer has any more stays chosen, so the page says what it shows.
  const options = query.tag && !tags.some((t) => t.key === query.tag) ? [...tags, { key: query.tag, label: query.tag }] : tags;
  return (
    <form role="search" action="/admin/customers" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-full sm:max-w-sm sm:basis-auto">
        <label htmlFor="customers-q" className="adm-label">
          Search name, e-mail or phone
        </label>
        <input id="customers-q" name="q" type="search" defaultValue={query.q} maxLength={CUSTOMER_SEARCH_MAX_LENGTH} className="adm-input" autoComplete="off" />
      </div>
      {options.length > 0 && (
        <div className="min-w-0 flex-1 basis-full sm:max-w-[12rem] sm:basis-auto">
          <label htmlFor="customers-tag" className="adm-label">
            Tag
          </label>
          <select id="customers-tag" name="tag" defaultValue={query.tag} className="adm-input">
            <option value="">{TAG_TEXT.allTags}</option>
            {options.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="min-w-0 flex-1 sm:hidden">
        <label htmlFor="customers-sort" className="adm-label">
          Sort by
        </label>
        <select id="customers-sort" name="sort" defaultValue={query.sort} className="adm-input">
          {CUSTOMER_SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:hidden">
        <label htmlFor="customers-dir" className="adm-label">
          Order
        </label>
        <select id="customers-dir" name="dir" defaultValue={query.dir} className="adm-input">
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </div>
      <button type="submit" className="adm-btn">
        <Search aria-hidden className="size-4" /> Search
      </button>
    </form>
  );
}
