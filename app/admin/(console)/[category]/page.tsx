import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CATEGORY_INFO, categoryFromRoute } from '@/lib/catalog/categories';
import { requireAdminPage } from '@/lib/auth/page-guards';

type Props = { params: Promise<{ category: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = categoryFromRoute((await params).category);
  return { title: category ? CATEGORY_INFO[category].label : 'Not found' };
}

/** A category screen of the back office. Its product list, editor and import are the catalog screens' work. */
export default async function CategoryScreen({ params }: Props) {
  await requireAdminPage();
  const category = categoryFromRoute((await params).category);
  if (!category) notFound();
  const label = CATEGORY_INFO[category].label;
  return (
    <div className="space-y-4">
      <h1 className="adm-h1">{label}</h1>
      <div className="adm-panel text-sm">
        The product list, the add and edit form, images and CSV import for {label.toLowerCase()} are coming to this screen next. Until
        then, the dashboard shows how many products each category holds.
      </div>
    </div>
  );
}
