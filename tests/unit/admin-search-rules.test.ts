import { describe, expect, it } from 'vitest';
import {
  categoryScreenPath,
  EDIT_HANDOFF_TTL_MS,
  isSearchable,
  makeHandoff,
  noResultsMessage,
  parseHistory,
  readHandoff,
  rememberSearch,
} from '@/lib/admin/search/rules';
import { ADMIN_NAV, isActiveNav } from '@/lib/admin/nav';

describe('admin search input', () => {
  it('needs at least 2 characters after trimming', () => {
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable('  a  ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
    expect(isSearchable(' go ')).toBe(true);
  });

  it("says 'No products found for \"{query}\"'", () => {
    expect(noResultsMessage('  gold   zz ')).toBe('No products found for "gold zz"');
  });
});

describe('search history (adminSearchHistory)', () => {
  it('keeps the last 5 searches, newest first, without duplicates', () => {
    let h: string[] = [];
    for (const q of ['ring', 'gold', 'pearl', 'RING', 'opal', 'topaz', 'ruby']) h = rememberSearch(h, q);
    expect(h).toEqual(['ruby', 'topaz', 'opal', 'RING', 'pearl']);
  });

  it('ignores searches too short to run', () => {
    expect(rememberSearch(['gold'], ' x ')).toEqual(['gold']);
  });

  it('reads only a list of strings back', () => {
    expect(parseHistory('["a","b",3,null,"c"]')).toEqual(['a', 'b', 'c']);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory(JSON.stringify(['1', '2', '3', '4', '5', '6', '7']))).toHaveLength(5);
  });
});

describe('edit hand-off (admin_edit_product, valid 5 s)', () => {
  const id = '0b6f2c1e-4d1a-4f7e-9a55-1f0e8c7d6b5a';
  it('is read by its category screen while fresh', () => {
    const raw = JSON.stringify(makeHandoff({ id, category: 'necklaces' }, 1_000));
    expect(readHandoff(raw, 'necklaces', 1_000 + EDIT_HANDOFF_TTL_MS)).toEqual({ id, category: 'necklaces', timestamp: 1_000 });
  });

  it('is ignored when stale, for another category, from the future or malformed', () => {
    const raw = JSON.stringify(makeHandoff({ id, category: 'rings' }, 1_000));
    expect(readHandoff(raw, 'rings', 1_001 + EDIT_HANDOFF_TTL_MS)).toBeNull();
    expect(readHandoff(raw, 'earrings', 1_500)).toBeNull();
    expect(readHandoff(raw, 'rings', -5_000)).toBeNull();
    expect(readHandoff('{"id":1,"category":"rings","timestamp":1}', 'rings', 2)).toBeNull();
    expect(readHandoff('{', 'rings', 2)).toBeNull();
    expect(readHandoff(null, 'rings', 2)).toBeNull();
  });

  it('opens the category screen', () => {
    expect(categoryScreenPath('body_jewelry')).toBe('/admin/body-jewelry');
  });
});

describe('side menu', () => {
  it('lists Dashboard, Orders, Customers, Quotes, the five categories, Pages, Storefront and Settings', () => {
    expect(ADMIN_NAV.map((n) => n.label)).toEqual(['Dashboard', 'Orders', 'Customers', 'Trade accounts', 'Receivables', 'Price groups', 'Quotes', 'Rings', 'Necklaces', 'Bracelets', 'Earrings', 'Body Jewelry', 'Pages', 'Storefront', 'Settings']);
    expect(ADMIN_NAV.map((n) => n.href)).toContain('/admin/body-jewelry');
  });

  it('marks the current screen', () => {
    expect(isActiveNav('/admin/orders', '/admin/orders')).toBe(true);
    expect(isActiveNav('/admin/orders/x', '/admin/orders')).toBe(true);
    expect(isActiveNav('/admin/ordersx', '/admin/orders')).toBe(false);
  });
});
