// The category screen's URL: ?page= (20 products a page) and ?edit={id} (the product whose modal is open, loaded by
// the page on the server). Pure.
import type { Category } from '../../catalog/categories';
import { parsePageParam } from '../../core/pagination';
import { firstParam, type SearchParams } from '../../core/search-params';
import { isUuid } from '../../core/validation/text';
import { categoryScreenPath } from '../search/rules';

/** The search's edit hand-off is honoured for 10 s on the list page (5 s elsewhere). */
export const HANDOFF_TTL_ON_LIST_MS = 10_000;

export interface CategoryScreenQuery {
  page: number;
  edit: string | null;
}

export function parseCategoryScreenQuery(params: SearchParams): CategoryScreenQuery {
  const edit = firstParam(params.edit);
  return { page: parsePageParam(params.page), edit: isUuid(edit) ? edit.toLowerCase() : null };
}

export function categoryScreenHref(category: Category, query: Partial<CategoryScreenQuery>): string {
  const out = new URLSearchParams();
  if (query.page && query.page > 1) out.set('page', String(query.page));
  if (query.edit) out.set('edit', query.edit);
  const s = out.toString();
  return `${categoryScreenPath(category)}${s ? `?${s}` : ''}`;
}
