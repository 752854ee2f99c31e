// Admin search: products (at least 2 characters, every word a prefix, 5 results per category and 10 in
// all), orders and customers (every word found anywhere, 5 of each), a 300 ms debounce, the last 5 searches kept in the browser, and the hand-off that opens a result's edit modal
// on its category screen. Pure: shared by the header search box, the route handler and the category screens.
import { CATEGORY_INFO, isCategory, type Category } from '../../catalog/categories';
import { normalizeSearchInput } from '../../catalog/search-query';

export const ADMIN_SEARCH_MIN_LENGTH = 2;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const ADMIN_SEARCH_PER_CATEGORY = 5;
export const ADMIN_SEARCH_LIMIT = 10;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

export interface AdminSearchResult {
  id: string;
  category: Category;
  name: string;
  sku: string | null;
  imageUrl: string | null;
}

/** Whether the box has enough to search for (2 characters after trimming). */
export function isSearchable(input: string): boolean {
  return normalizeSearchInput(input).length >= ADMIN_SEARCH_MIN_LENGTH;
}

export function noResultsMessage(query: string): string {
  return `No products found for "${normalizeSearchInput(query)}"`;
}

/** Said after the products' message when no order or customer matched either. */
export const NO_ORDERS_OR_CUSTOMERS = 'No orders or customers either.';

export interface AdminOrderHit {
  id: string;
  reference: string;
  name: string | null;
  email: string | null;
  status: string;
  totalCents: number;
  /** The buyer's PO number, when given at checkout. */
  purchaseOrder: string | null;
}

export interface AdminCustomerHit {
  key: string;
  name: string | null;
  email: string;
  isGuest: boolean;
  orders: number;
}

/** The header search's answer: each kind on its own, in the order the box shows them. */
export interface AdminSearchResults {
  products: AdminSearchResult[];
  orders: AdminOrderHit[];
  customers: AdminCustomerHit[];
}

export const SEARCH_KINDS = ['products', 'orders', 'customers'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = { products: 'Products', orders: 'Orders', customers: 'Customers' };

export function resultCount(results: AdminSearchResults): number {
  return results.products.length + results.orders.length + results.customers.length;
}

// ---- search history (localStorage 'adminSearchHistory') ----

export const SEARCH_HISTORY_KEY = 'adminSearchHistory';
export const SEARCH_HISTORY_SIZE = 5;

/** The history with `query` first: no duplicates (case-insensitive), at most 5. */
export function rememberSearch(history: readonly string[], query: string): string[] {
  const q = normalizeSearchInput(query);
  if (!isSearchable(q)) return history.slice(0, SEARCH_HISTORY_SIZE);
  return [q, ...history.filter((h) => h.toLowerCase() !== q.toLowerCase())].slice(0, SEARCH_HISTORY_SIZE);
}

/** A stored history, or [] for anything unreadable. */
export function parseHistory(raw: string | null): string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, SEARCH_HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

// ---- edit hand-off (localStorage 'admin_edit_product'): the category screen opens that product's modal ----

export const EDIT_HANDOFF_KEY = 'admin_edit_product';
/** A hand-off is honoured for 5 seconds. */
export const EDIT_HANDOFF_TTL_MS = 5000;

export interface EditHandoff {
  id: string;
  category: Category;
  timestamp: number;
}

export function makeHandoff(result: Pick<AdminSearchResult, 'id' | 'category'>, now = Date.now()): EditHandoff {
  return { id: result.id, category: result.category, timestamp: now };
}

/** The hand-off for `category` if it is fresh (within `ttlMs`) and well-formed; null otherwise. */
export function readHandoff(raw: string | null, category: Category, now = Date.now(), ttlMs = EDIT_HANDOFF_TTL_MS): EditHandoff | null {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<EditHandoff>) : null;
    if (!value || typeof value.id !== 'string' || !isCategory(value.category) || typeof value.timestamp !== 'number') return null;
    if (value.category !== category || now - value.timestamp > ttlMs || value.timestamp > now + 1000) return null;
    return { id: value.id, category: value.category, timestamp: value.timestamp };
  } catch {
    return null;
  }
}

/** The category screen a result opens on: /admin/rings, /admin/body-jewelry, … */
export function categoryScreenPath(category: Category): string {
  return `/admin/${CATEGORY_INFO[category].route}`;
}

// ---- orders and customers: every typed word found anywhere in a reference, e-mail, name or phone ----

/** Orders and customers shown in the header search, each group. */
export const ADMIN_SEARCH_PER_KIND = 5;

/**
 * Orders and customers are searched once a word has this many characters: the trigram index can find nothing shorter,
 * and two letters match thousands of orders anyway.
 */
export const PEOPLE_MIN_WORD = 3;

/** Whether orders and customers are searched for `words`. */
export function searchesPeople(words: readonly string[]): boolean {
  return words.some((w) => w.length >= PEOPLE_MIN_WORD);
}

/** Lower-cased words, each to be found as typed (at most 8, no repeats). */
export function searchWords(input: string): string[] {
  return [...new Set(normalizeSearchInput(input).toLowerCase().split(' ').filter(Boolean))].slice(0, 8);
}

/** A LIKE pattern finding `word` anywhere, its %, _ and \ taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
