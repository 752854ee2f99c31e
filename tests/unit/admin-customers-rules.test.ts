import { describe, expect, it } from 'vitest';
import { addressLines } from '@/lib/admin/customers/address';
import {
  customerHref,
  customersHref,
  isCustomerKey,
  isGuestKey,
  normalizeCustomerSearch,
  parseCustomersQuery,
  sortHref,
} from '@/lib/admin/customers/params';
import { orderRowHref, parseOrderParam } from '@/lib/admin/orders/params';
import { containsPattern, resultCount, searchesPeople, searchWords } from '@/lib/admin/search/rules';

describe('customers screen URL', () => {
  it('reads search, sort, direction and page, with the last order newest first by default', () => {
    expect(parseCustomersQuery({})).toEqual({ q: '', tag: '', sort: 'last-order', dir: 'desc', page: 1 });
    expect(parseCustomersQuery({ q: '  ada  lovelace ', sort: 'name', page: '3' })).toEqual({ q: 'ada lovelace', tag: '', sort: 'name', dir: 'asc', page: 3 });
    expect(parseCustomersQuery({ sort: 'spent', dir: 'asc' })).toEqual({ q: '', tag: '', sort: 'spent', dir: 'asc', page: 1 });
    expect(parseCustomersQuery(new URLSearchParams('sort=sideways&dir=up&page=-2'))).toEqual({ q: '', tag: '', sort: 'last-order', dir: 'desc', page: 1 });
  });

  it('keeps search text to one line of 100 characters', () => {
    expect(normalizeCustomerSearch('a\u0000b\nc')).toBe('a b c');
    expect(normalizeCustomerSearch('x'.repeat(150))).toHaveLength(100);
    expect(normalizeCustomerSearch(undefined)).toBe('');
  });

  it('builds links without defaults; a header turns its column around and starts another in its first direction', () => {
    expect(customersHref({})).toBe('/admin/customers');
    expect(customersHref({ q: 'ada', sort: 'spent', dir: 'desc', page: 2 })).toBe('/admin/customers?q=ada&sort=spent&page=2');
    expect(customersHref({ sort: 'name', dir: 'desc' })).toBe('/admin/customers?sort=name&dir=desc');
    const q = parseCustomersQuery({ q: 'ada', sort: 'spent', page: '4' });
    expect(sortHref(q, 'spent')).toBe('/admin/customers?q=ada&sort=spent&dir=asc');
    expect(sortHref(q, 'name')).toBe('/admin/customers?q=ada&sort=name');
    expect(sortHref(parseCustomersQuery({}), 'last-order')).toBe('/admin/customers?dir=asc');
  });
});

describe('customer keys', () => {
  it('are an account id or a guest e-mail hash, nothing else', () => {
    expect(isCustomerKey('0b6f7a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isCustomerKey('g-0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isGuestKey('g-0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isCustomerKey('g-ada@example.com')).toBe(false);
    expect(isCustomerKey('../orders')).toBe(false);
    expect(customerHref('g-0123456789abcdef0123456789abcdef')).toBe('/admin/customers/g-0123456789abcdef0123456789abcdef');
  });
});

describe('one order on the orders screen', () => {
  it('is named by its id', () => {
    const id = '0B6F7A3E-2C1D-4E5F-8A9B-0C1D2E3F4A5B';
    expect(parseOrderParam({ order: id })).toBe(id.toLowerCase());
    expect(parseOrderParam(new URLSearchParams('order=AFJ-100005'))).toBeNull();
    expect(parseOrderParam({})).toBeNull();
    expect(orderRowHref(id.toLowerCase())).toBe(`/admin/orders?order=${id.toLowerCase()}`);
  });
});

describe('header search words', () => {
  it('are lower-cased, distinct and found as typed, wildcards literal', () => {
    expect(searchWords('  AFJ-100005  ada@Example.com ada@example.com ')).toEqual(['afj-100005', 'ada@example.com']);
    expect(searchWords('   ')).toEqual([]);
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(resultCount({ products: [], orders: [], customers: [] })).toBe(0);
    // Orders and customers wait for a word of 3 characters.
    expect(searchesPeople(searchWords('zz'))).toBe(false);
    expect(searchesPeople(searchWords('zz ada'))).toBe(true);
  });
});

describe('addresses', () => {
  it('are the lines a label shows, blanks left out', () => {
    expect(
      addressLines({ full_name: 'Ada L', address_line1: '1 Elm St', address_line2: ' ', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US', phone: '' }),
    ).toEqual(['Ada L', '1 Elm St', 'Austin, TX 73301', 'US']);
    expect(addressLines(null)).toEqual([]);
  });
});
