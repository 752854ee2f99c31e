// The category screen's URL: ?view=list (the list view; the picture grid otherwise), ?page= (20 products a page),
// ?edit={id} (the product whose modal is open, loaded by the page on the server), and the list view's sort and
// filters (list-params.ts). Pure.
import type { Category } from '../../catalog/categories';
import { parsePageParam } from '../../core/pagination';
import { firstParam, type SearchParams } from '../../core/search-params';
import { isUuid } from '../../core/validation/text';
import { categoryScreenPath } from '../search/rules';
import { listSearch, parseCategoryView, parseListQuery, type CategoryView, type ListQuery } from './list-params';

/** The search's edit hand-off is honoured for 10 s on the list page (5 s elsewhere). */
export const HANDOFF_TTL_ON_LIST_MS = 10_000;

export interface CategoryScreenQuery {
  view: CategoryView;
  page: number;
  edit: string | null;
  /** The list view's sort, filters and page (its page is `page`). */
  list: ListQuery;
}

export function parseCategoryScreenQuery(params: SearchParams): CategoryScreenQuery {
  const edit = firstParam(params.edit);
  return {
    view: parseCategoryView(params),
    page: parsePageParam(params.page),
    edit: isUuid(edit) ? edit.toLowerCase() : null,
    list: parseListQuery(params),
  };
}

export function categoryScreenHref(category: Category, query: Partial<CategoryScreenQuery>): string {
  let out: URLSearchParams;
  if (query.view === 'list') {
    out = listSearch({ ...query.list, page: query.page ?? query.list?.page }, query.edit);
  } else {
    out = new URLSearchParams();
    if (query.page && query.page > 1) out.set('page', String(query.page));
    if (query.edit) out.set('edit', query.edit);
  }
  const s = out.toString();
  return `${categoryScreenPath(category)}${s ? `?${s}` : ''}`;
}
