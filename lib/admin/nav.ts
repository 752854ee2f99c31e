// The back office's side menu (Dashboard, Orders, Customers, Trade accounts, Receivables, Price groups, Quotes, the five categories, Pages, Storefront, Settings, then Sign out). Pure data: the
// frame renders it, and a new screen is one more entry here.
import { CATEGORIES, CATEGORY_INFO } from '../catalog/categories';

export const ADMIN_HOME = '/admin/dashboard';
export const ADMIN_LOGIN = '/admin/login';
export const ADMIN_QUOTES = '/admin/quotes';
export const ADMIN_STOREFRONT = '/admin/storefront';
export const ADMIN_TRADE_ACCOUNTS = '/admin/trade-accounts';
export const ADMIN_PRICE_GROUPS = '/admin/price-groups';
export const ADMIN_RECEIVABLES = '/admin/receivables';

export type AdminNavIcon = 'dashboard' | 'orders' | 'customers' | 'quotes' | 'category' | 'pages' | 'settings';

export interface AdminNavItem {
  href: string;
  label: string;
  icon: AdminNavIcon;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { href: ADMIN_HOME, label: 'Dashboard', icon: 'dashboard' },
  { href: '/admin/orders', label: 'Orders', icon: 'orders' },
  { href: '/admin/customers', label: 'Customers', icon: 'customers' },
  { href: ADMIN_TRADE_ACCOUNTS, label: 'Trade accounts', icon: 'customers' },
  { href: ADMIN_RECEIVABLES, label: 'Receivables', icon: 'pages' },
  { href: ADMIN_PRICE_GROUPS, label: 'Price groups', icon: 'customers' },
  { href: ADMIN_QUOTES, label: 'Quotes', icon: 'quotes' },
  ...CATEGORIES.map((c) => ({ href: `/admin/${CATEGORY_INFO[c].route}`, label: CATEGORY_INFO[c].label, icon: 'category' as const })),
  { href: '/admin/pages', label: 'Pages', icon: 'pages' },
  { href: ADMIN_STOREFRONT, label: 'Storefront', icon: 'pages' },
  { href: '/admin/settings', label: 'Settings', icon: 'settings' },
];

/** Whether `pathname` is on the screen of `href` (its own page or one below it). */
export function isActiveNav(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
