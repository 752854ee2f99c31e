// A product's status: only active products reach shoppers (listings, product pages, search, sitemap, quick order,
// carts and checkout); drafts and archived ones are the back office's. Pure: the admin form and badge use it too.

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};

/** A new product starts as a draft; the CSV import's default is active, so an exported file round-trips. */
export const NEW_PRODUCT_STATUS: ProductStatus = 'draft';
export const IMPORT_DEFAULT_STATUS: ProductStatus = 'active';

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/**
 * The shop's condition on the catalog tables and view: every storefront query says it, and it is the only gate (the
 * tables' read policy stays open so that search and SKU lookups keep their indexes; ARCHITECTURE.md, Status).
 */
export const ACTIVE_SQL = "status = 'active'";
