// Staff's preview of a product that is not in the shop (a draft or archived one): where it lives and what its banner
// says. Pure: the admin form links to it, the preview page reads it.
import { CATEGORY_INFO, categoryFromRoute, type Category } from './categories';
import type { ProductStatus } from './status';

/** Under /admin, so it is never one of the shop's cached pages and the middleware asks for a session first. */
export function previewPath(category: Category, id: string): string {
  return `/admin/preview/${CATEGORY_INFO[category].route}/${id}`;
}

export const PREVIEW_LINK = 'Preview in shop';

export const PREVIEW_BANNER: Record<Exclude<ProductStatus, 'active'>, string> = {
  draft: 'Draft, not visible to buyers',
  archived: 'Archived, not visible to buyers',
};

/**
 * The product a storefront path names ('/rings/{id}', '/product/{id}', either with a price view's segment), or null.
 * `category` is null for the /product/{id} fallback. The product page's 404 asks the server about this path for staff.
 */
export function storefrontProductTarget(path: string): { category: Category | null; id: string } | null {
  const [route, id, ...rest] = path.split('/').filter(Boolean);
  if (!route || !id || rest.length > 1) return null;
  if (route === 'product') return { category: null, id };
  const category = categoryFromRoute(route);
  return category ? { category, id } : null;
}
