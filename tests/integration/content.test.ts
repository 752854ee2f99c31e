// Content pages read from page_content under RLS as the anonymous visitor.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import { loadContentIndex, loadContentPage } from '@/lib/content/pages';
import { contentParagraphs } from '@/lib/content/format';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const SLUG = `itest-page-${Date.now().toString(36)}`;

beforeAll(async () => {
  await sql`insert into page_content (page_slug, page_title, content, last_updated)
            values (${SLUG}, 'Shipping & Returns', ${'First line <b>not bold</b>\n\n  Second line  \r\nThird'}, '2025-03-04T10:00:00Z')`;
});

afterAll(async () => {
  await sql`delete from page_content where page_slug = ${SLUG}`;
  await sql.end();
  await db().end();
});

describe('content pages', () => {
  it('reads a page by slug with its text as stored', async () => {
    const page = await loadContentPage(SLUG);
    expect(page).toEqual({
      slug: SLUG,
      title: 'Shipping & Returns',
      content: 'First line <b>not bold</b>\n\n  Second line  \r\nThird',
      lastUpdated: '2025-03-04T10:00:00.000Z',
    });
    expect(contentParagraphs(page!.content)).toEqual(['First line <b>not bold</b>', 'Second line', 'Third']);
  });

  it('returns null for a missing page and for slugs that cannot exist', async () => {
    expect(await loadContentPage('no-such-page-here')).toBeNull();
    expect(await loadContentPage('../etc/passwd')).toBeNull();
    expect(await loadContentPage("x' or '1'='1")).toBeNull();
  });

  it('lists every page for the sitemap', async () => {
    const index = await loadContentIndex();
    expect(index).toContainEqual({ slug: SLUG, lastUpdated: '2025-03-04T10:00:00.000Z' });
    const [count] = await sql<{ n: number }[]>`select count(*)::int as n from page_content`;
    expect(index).toHaveLength(count!.n);
  });
});
