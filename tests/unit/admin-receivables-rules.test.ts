import { describe, expect, it } from 'vitest';
import { lateText, RECEIVABLES_SCREEN, receivablesFileName } from '@/lib/admin/receivables/labels';
import { parseReceivablesQuery, receivablesExportHref, receivablesHref, receivablesSearch } from '@/lib/admin/receivables/params';
import { ADMIN_NAV } from '@/lib/admin/nav';

const ID = '0b7e6a52-4c1e-4f4e-9a0e-3b1f2c3d4e5f';

describe('the Receivables URL', () => {
  it('reads the filter, the account and the page, and falls back to the default view on anything else', () => {
    expect(parseReceivablesQuery({})).toEqual({ filter: 'all', account: null, page: 1 });
    expect(parseReceivablesQuery({ filter: 'overdue', account: ID, page: '4' })).toEqual({ filter: 'overdue', account: ID, page: 4 });
    expect(parseReceivablesQuery({ filter: ['overdue', 'all'], account: ` ${ID.toUpperCase()} `, page: ['2', '3'] })).toEqual({ filter: 'overdue', account: ID, page: 2 });
    expect(parseReceivablesQuery({ filter: 'late', account: 'acme', page: '0' })).toEqual({ filter: 'all', account: null, page: 1 });
    expect(parseReceivablesQuery(new URLSearchParams('page=abc&account=' + ID.slice(0, 30)))).toEqual({ filter: 'all', account: null, page: 1 });
    expect(parseReceivablesQuery({ page: '99999999999' }).page).toBe(1_000_000);
  });

  it('writes a view back with its defaults left out', () => {
    expect(receivablesHref({})).toBe('/admin/receivables');
    expect(receivablesHref({ filter: 'all', account: null, page: 1 })).toBe('/admin/receivables');
    expect(receivablesHref({ filter: 'overdue', account: ID, page: 3 })).toBe(`/admin/receivables?filter=overdue&account=${ID}&page=3`);
    expect(receivablesSearch({ page: 2 })).toBe('?page=2');
    // A query string read back is the same view.
    const q = { filter: 'overdue', account: ID, page: 7 } as const;
    expect(parseReceivablesQuery(new URLSearchParams(receivablesSearch(q)))).toEqual(q);
  });

  it('exports every page of the view it is on', () => {
    expect(receivablesExportHref({ filter: 'overdue', account: ID, page: 5 })).toBe(`/api/admin/receivables/export?filter=overdue&account=${ID}`);
    expect(receivablesExportHref({ filter: 'all', account: null, page: 1 })).toBe('/api/admin/receivables/export');
  });
});

describe('the Receivables words', () => {
  it('shows days overdue as a figure, and a dash for an invoice not yet late', () => {
    expect(lateText(1)).toBe('1');
    expect(lateText(1234)).toBe('1,234');
    expect(lateText(0)).toBe('—');
    expect(lateText(-12)).toBe('—');
  });

  it('counts invoices and says when the customers table is cut short', () => {
    expect(RECEIVABLES_SCREEN.count(1)).toBe('1 open invoice');
    expect(RECEIVABLES_SCREEN.count(10_000)).toBe('10,000 open invoices');
    expect(RECEIVABLES_SCREEN.customersShown(10, 10)).toBeNull();
    expect(RECEIVABLES_SCREEN.customersShown(10, 512)).toBe('The 10 customers owing the most overdue, of 512.');
    expect(RECEIVABLES_SCREEN.ofOpen(33.333)).toBe('33.3% of open');
  });

  it('names the file after the view and the day', () => {
    expect(receivablesFileName('all', '2026-12-07')).toBe('receivables-open-2026-12-07.csv');
    expect(receivablesFileName('overdue', '2026-12-07')).toBe('receivables-overdue-2026-12-07.csv');
  });

  it('has its side menu entry right after Trade accounts', () => {
    const labels = ADMIN_NAV.map((n) => n.label);
    expect(labels[labels.indexOf('Trade accounts') + 1]).toBe('Receivables');
    expect(ADMIN_NAV.find((n) => n.label === 'Receivables')?.href).toBe('/admin/receivables');
  });
});
