// The price groups' addresses: a group's page (?page= for its fixed prices) and the price list's export. Pure.
import { ADMIN_PRICE_GROUPS } from '../nav';

export const PRICE_LIST_EXPORT_URL = '/api/admin/price-groups/export';

export function priceGroupHref(groupId: string, page = 1): string {
  return `${ADMIN_PRICE_GROUPS}/${encodeURIComponent(groupId)}${page > 1 ? `?page=${page}` : ''}`;
}

/** Every group's fixed prices, or one group's. */
export function priceListExportHref(groupId?: string): string {
  return groupId ? `${PRICE_LIST_EXPORT_URL}?group=${encodeURIComponent(groupId)}` : PRICE_LIST_EXPORT_URL;
}
