import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryScreen } from '@/components/admin/catalog/category-screen';
import { loadCategoryScreen } from '@/lib/admin/catalog/products';
import { parseCategoryScreenQuery } from '@/lib/admin/catalog/screen';
import { CATEGORY_INFO, categoryFromRoute } from '@/lib/catalog/categories';
import { env } from '@/lib/core/env';
import { requireAdminPage } from '@/lib/entry/page-guards';

type Props = {
  params: Promise<{ category: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = categoryFromRoute((await params).category);
  return { title: category ? CATEGORY_INFO[category].label : 'Not found' };
}

/**
 * A category screen of the back office: 20 products a page as a picture grid or a sortable, filterable list with
 * bulk actions, the add/edit modal, images, CSV import and export.
 */
export default async function CategoryScreenPage({ params, searchParams }: Props) {
  const { actor } = await requireAdminPage();
  const category = categoryFromRoute((await params).category);
  if (!category) notFound();
  const query = parseCategoryScreenQuery(await searchParams);
  const list = query.view === 'list' ? { query: query.list, timeZone: env().SHOP_TIME_ZONE } : undefined;
  const data = await loadCategoryScreen(actor, category, query.page, query.edit, list);
  return <CategoryScreen data={data} query={query} />;
}
