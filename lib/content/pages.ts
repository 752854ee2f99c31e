import 'server-only';
import { unstable_cache } from 'next/cache';
import { asAnon } from '../core/db';
import { isContentSlug } from './format';
import { CONTENT_TAG } from '../core/cache/tags';
import { logError } from '../core/log';

export interface ContentPage {
  slug: string;
  title: string;
  content: string;
  lastUpdated: string;
}

/** One page_content row by slug, or null (also for slugs that cannot exist). */
export async function loadContentPage(slug: string): Promise<ContentPage | null> {
  if (!isContentSlug(slug)) return null;
  const rows = await asAnon(
    (tx) => tx<{ page_slug: string; page_title: string; content: string; last_updated: Date }[]>`
      select page_slug, page_title, content, last_updated from page_content where page_slug = ${slug}`,
  );
  const row = rows[0];
  if (!row) return null;
  return { slug: row.page_slug, title: row.page_title, content: row.content, lastUpdated: row.last_updated.toISOString() };
}

/** Slugs and dates of every content page, for the sitemap. */
export async function loadContentIndex(): Promise<{ slug: string; lastUpdated: string }[]> {
  const rows = await asAnon(
    (tx) => tx<{ page_slug: string; last_updated: Date }[]>`
      select page_slug, last_updated from page_content order by page_slug`,
  );
  return rows.map((r) => ({ slug: r.page_slug, lastUpdated: r.last_updated.toISOString() }));
}

export const getContentPage = unstable_cache(loadContentPage, ['content-page-v1'], { tags: [CONTENT_TAG], revalidate: 300 });
export const getContentIndex = unstable_cache(loadContentIndex, ['content-index-v1'], { tags: [CONTENT_TAG], revalidate: 300 });

/**
 * Whether a content page exists, from the cached page index: cheap enough to check before the page streams, so a
 * missing page answers with a real 404 status. A failed read counts as missing (error or missing → not found).
 */
export async function contentPageExists(slug: string): Promise<boolean> {
  if (!isContentSlug(slug)) return false;
  try {
    return (await getContentIndex()).some((p) => p.slug === slug);
  } catch (err) {
    logError('Content index query failed', err);
    return false;
  }
}
