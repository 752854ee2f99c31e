// Content pages from the back office, as the demo admin under RLS: an edit reaches the storefront's page data at
// once (the `content` cache tag is revalidated) and moves last_updated; bad input is refused with the field's message
// and writes nothing.
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateContentPage } from '@/lib/admin/content/actions';
import { loadContentPages } from '@/lib/admin/content/pages';
import { loadContentPage } from '@/lib/content/pages';
import { as } from './admin-request';
import { callers, closeSupport, fingerprint, type Callers } from './admin-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let page: { page_id: string; page_slug: string; page_title: string; content: string; last_updated: Date };

beforeAll(async () => {
  who = await callers();
  [page] = (await sql`select page_id, page_slug, page_title, content, last_updated from page_content where page_slug = 'shipping-returns'`) as unknown as [typeof page];
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());
afterAll(async () => {
  await sql`update page_content set page_title = ${page.page_title}, content = ${page.content} where page_id = ${page.page_id}`;
  await closeSupport();
});

const save = (input: unknown) => as(who.admin, () => updateContentPage(input));

describe('content pages', () => {
  it('lists every page by title', async () => {
    const [admin] = await sql<{ id: string }[]>`select user_id as id from admin_users limit 1`;
    const pages = await loadContentPages({ role: 'authenticated', userId: admin!.id });
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from page_content`;
    expect(pages).toHaveLength(n);
    const titles = pages.map((p) => p.title);
    expect([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(titles);
  });

  it('saves title and content, moves last_updated, and the storefront shows it on the next request', async () => {
    const content = `Orders ship within two working days.\nReturns are accepted for 30 days.\nEdited ${Date.now()}`;
    const result = await save({ pageId: page.page_id, title: '  Shipping & Returns (updated)  ', content });
    expect(result).toMatchObject({ ok: true, message: 'Page updated successfully', data: { slug: 'shipping-returns' } });
    expect(vi.mocked(revalidateTag).mock.calls).toEqual([['content']]);
    const shown = await loadContentPage('shipping-returns');
    expect(shown).toMatchObject({ title: 'Shipping & Returns (updated)', content });
    expect(new Date(shown!.lastUpdated).getTime()).toBeGreaterThan(page.last_updated.getTime());
  });

  it('refuses 1 MB of content, a missing or control-character title and a foreign page, writing nothing', async () => {
    const before = await fingerprint(sql);
    const cases: [unknown, number, string][] = [
      [{ pageId: page.page_id, title: 'Big', content: 'x'.repeat(1024 * 1024) }, 400, 'Content is too long (100000 characters at most)'],
      [{ pageId: page.page_id, title: '   ', content: 'Hello' }, 400, 'Title is required'],
      [{ pageId: page.page_id, title: 'Bad\u0000title', content: 'Hello' }, 400, 'Title must not contain control characters'],
      [{ pageId: page.page_id, title: 'Bad', content: 'Line\u2028separator' }, 400, 'Content must not contain control characters'],
      [{ pageId: page.page_id, title: 'No content' }, 400, 'Content must be text'],
      [{ pageId: 'shipping-returns', title: 'T', content: 'C' }, 400, 'That is not a page id.'],
      [{ pageId: '00000000-0000-4000-8000-000000000000', title: 'T', content: 'C' }, 404, 'That page does not exist.'],
      [null, 400, 'Send the page id, its title and its content.'],
    ];
    for (const [input, status, error] of cases) {
      const result = await save(input);
      expect(result, JSON.stringify(input)?.slice(0, 80)).toMatchObject({ ok: false, status, error });
    }
    expect(vi.mocked(revalidateTag)).not.toHaveBeenCalled();
    expect(await fingerprint(sql)).toBe(before);
  });
});
