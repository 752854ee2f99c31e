import 'server-only';
// The content pages the admin edits: every page, ordered by title (a handful of rows).
import { withActor, type DbActor } from '../../core/db';

export interface AdminContentPage {
  id: string;
  slug: string;
  title: string;
  content: string;
  lastUpdated: string;
}

export async function loadContentPages(actor: DbActor): Promise<AdminContentPage[]> {
  const rows = await withActor(
    actor,
    (tx) => tx<{ page_id: string; page_slug: string; page_title: string; content: string; last_updated: Date }[]>`
      select page_id, page_slug, page_title, content, last_updated from public.page_content order by page_title, page_slug`,
  );
  return rows.map((r) => ({ id: r.page_id, slug: r.page_slug, title: r.page_title, content: r.content, lastUpdated: r.last_updated.toISOString() }));
}
