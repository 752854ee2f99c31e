// Every cache tag of the shop, named once. Reads cache under these tags; writes revalidate them after commit
// (revalidate.ts), so a change shows at once rather than after the cache's own expiry.

/** Products, images and prices: the storefront's listings, product pages, search and sitemaps. */
export const CATALOG_TAG = 'catalog';
/** The content pages and their index. */
export const CONTENT_TAG = 'content';
/** The shop's name, address and contacts (shop settings): the storefront's footer and JSON-LD. */
export const SHOP_SETTINGS_TAG = 'shop-settings';
/** The back office dashboard's figures: new orders, refunds and catalog counts change them. */
export const ADMIN_DASHBOARD_TAG = 'admin-dashboard';

/** A product added, changed or removed: the storefront's cached catalog and the dashboard's counts. */
export const CATALOG_WRITE_TAGS = [CATALOG_TAG, ADMIN_DASHBOARD_TAG] as const;
/** Images only: the storefront's cards and pages show the primary image. */
export const IMAGE_WRITE_TAGS = [CATALOG_TAG] as const;

/** One price group's percentage and fixed prices: the storefront's pages rendered for that group's buyers. */
export const priceGroupTag = (groupId: string) => `price-group:${groupId.toLowerCase()}`;
/** Trade accounts: the back office's pending count and the accounts' screens. */
export const TRADE_ACCOUNTS_TAG = 'trade-accounts';
