import type { Material } from '@/lib/catalog/categories';
import type { AnyListingQuery } from '@/lib/catalog/listing-params';

export interface MaterialOption {
  value: Material;
  label: string;
}

interface MaterialFilterProps {
  query: AnyListingQuery;
  materials: MaterialOption[];
  /** In the mobile Filters drawer rather than the sidebar. */
  inDrawer?: boolean;
}

/**
 * The material filter: silver, gold, rose gold; several may be chosen; kept in the URL as ?material=. Server HTML:
 * ListingControls (one small client controller for the whole listing) turns a change into the new URL.
 */
export function MaterialFilter({ query, materials, inDrawer = false }: MaterialFilterProps) {
  const prefix = inDrawer ? 'drawer' : 'side';
  return (
    <fieldset data-listing-busy>
      <legend className="text-xs font-semibold uppercase tracking-[0.22em] text-ink">Material</legend>
      <ul className="mt-4 space-y-3">
        {materials.map(({ value: m, label }) => (
          <li key={m}>
            <label htmlFor={`${prefix}-material-${m}`} className="flex cursor-pointer items-center gap-3 text-sm text-ink">
              <input
                id={`${prefix}-material-${m}`}
                data-listing="material"
                data-listing-id={`material-${m}`}
                type="checkbox"
                // The URL is the state: a reload must not bring back boxes the browser remembers.
                autoComplete="off"
                name="material"
                value={m}
                defaultChecked={query.materials.includes(m)}
                className="size-4 cursor-pointer rounded-sm border-stone-muted accent-gold-dark"
              />
              {label}
            </label>
          </li>
        ))}
      </ul>
      {query.materials.length > 0 && (
        <button
          type="button"
          data-listing="clear"
          className="mt-5 text-xs text-stone-muted underline underline-offset-4 hover:text-gold-dark"
        >
          Clear filters
        </button>
      )}
    </fieldset>
  );
}
