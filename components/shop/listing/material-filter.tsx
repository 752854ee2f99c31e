'use client';
import { useId } from 'react';
import type { Material } from '@/lib/catalog/categories';
import { toggleMaterial, type AnyListingQuery } from '@/lib/catalog/listing-params';
import { useListingControlFocus } from './listing-focus';
import { useListingNavigation } from './use-listing-navigation';

export interface MaterialOption {
  value: Material;
  label: string;
}

/** The material filter: silver, gold, rose gold; several may be chosen; kept in the URL as ?material=. */
interface MaterialFilterProps {
  basePath: string;
  query: AnyListingQuery;
  /** The materials with their labels (from the server: the labels' code stays out of the page's JavaScript). */
  materials: MaterialOption[];
  /** In the mobile Filters drawer rather than the sidebar. */
  inDrawer?: boolean;
}

export function MaterialFilter({ basePath, query, materials, inDrawer = false }: MaterialFilterProps) {
  const { go, pending, query: shown } = useListingNavigation(basePath, query);
  const control = useListingControlFocus(inDrawer);
  const id = useId();
  return (
    <fieldset aria-busy={pending} className={pending ? 'opacity-70' : undefined}>
      <legend className="text-xs font-semibold uppercase tracking-[0.22em] text-ink">Material</legend>
      <ul className="mt-4 space-y-3">
        {materials.map(({ value: m, label }) => {
          const checked = shown.materials.includes(m);
          return (
            <li key={m}>
              <label htmlFor={`${id}-${m}`} className="flex cursor-pointer items-center gap-3 text-sm text-ink">
                <input
                  id={`${id}-${m}`}
                  ref={control(`material-${m}`)}
                  type="checkbox"
                  name="material"
                  value={m}
                  checked={checked}
                  onChange={(e) => go({ materials: toggleMaterial(shown.materials, m, e.target.checked) }, { id: `material-${m}`, inDrawer })}
                  className="size-4 cursor-pointer rounded-sm border-stone-muted accent-gold-dark"
                />
                {label}
              </label>
            </li>
          );
        })}
      </ul>
      {shown.materials.length > 0 && (
        <button
          type="button"
          onClick={() => go({ materials: [] }, { id: `material-${materials[0]?.value}`, inDrawer })}
          className="mt-5 text-xs text-stone-muted underline underline-offset-4 hover:text-gold-dark"
        >
          Clear filters
        </button>
      )}
    </fieldset>
  );
}
