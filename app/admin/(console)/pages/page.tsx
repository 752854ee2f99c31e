import type { Metadata } from 'next';
import { ContentPages } from '@/components/admin/pages/content-pages';
import { loadContentPages } from '@/lib/admin/content/pages';
import { requireAdminPage } from '@/lib/entry/page-guards';
import { env } from '@/lib/core/env';
import { formatDateTime } from '@/lib/core/format/date';

export const metadata: Metadata = { title: 'Content Pages' };

export default async function ContentPagesScreen() {
  const { actor } = await requireAdminPage();
  const pages = await loadContentPages(actor);
  const timeZone = env().SHOP_TIME_ZONE;
  return (
    <div className="space-y-4">
      <h1 className="adm-h1">Content Pages</h1>
      <ContentPages
        pages={pages.map((p) => ({ id: p.id, slug: p.slug, title: p.title, content: p.content, updatedLabel: formatDateTime(p.lastUpdated, timeZone) }))}
      />
    </div>
  );
}
