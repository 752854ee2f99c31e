import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DeleteGroup } from '@/components/admin/price-groups/delete-group';
import { FixedPricesTable } from '@/components/admin/price-groups/fixed-prices-table';
import { GroupForm } from '@/components/admin/price-groups/group-form';
import { AdminPagination } from '@/components/admin/pagination';
import { ADMIN_PRICE_GROUPS } from '@/lib/admin/nav';
import { FILE_TEXT, GROUP_PAGE_TITLE, GROUP_SETTINGS, groupSummary, NO_FIXED_PRICES, PRICE_GROUPS_TITLE } from '@/lib/admin/price-groups/labels';
import { priceGroupHref, priceListExportHref } from '@/lib/admin/price-groups/params';
import { loadGroupPage } from '@/lib/admin/price-groups/prices';
import { parsePageParam } from '@/lib/core/pagination';
import { isUuid } from '@/lib/core/validation/text';
import { requireAdminPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: GROUP_PAGE_TITLE };

export default async function PriceGroupPage({
  params,
  searchParams,
}: {
  params: Promise<{ groupId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireAdminPage();
  const { groupId } = await params;
  if (!isUuid(groupId)) notFound();
  const data = await loadGroupPage(actor, groupId, parsePageParam((await searchParams).page));
  if (!data) notFound();
  const { group } = data;
  return (
    <div className="space-y-4">
      <p>
        <Link href={ADMIN_PRICE_GROUPS} className="text-sm text-stone-muted hover:underline">
          ← {PRICE_GROUPS_TITLE}
        </Link>
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="adm-h1 break-words">{group.name}</h1>
          <p className="adm-muted tabular" role="status">
            {groupSummary(group)}
          </p>
        </div>
        <a href={priceListExportHref(group.id)} download className="adm-btn">
          <Download aria-hidden className="size-4" /> {FILE_TEXT.exportGroup}
        </a>
      </div>
      <section aria-label={GROUP_SETTINGS} className="adm-panel space-y-4">
        <GroupForm key={`${group.name}|${group.percentOff}`} group={group} />
        <DeleteGroup group={group} />
      </section>
      {data.prices.length === 0 ? <div className="adm-panel adm-empty">{NO_FIXED_PRICES}</div> : <FixedPricesTable groupId={group.id} prices={data.prices} />}
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => priceGroupHref(group.id, page)} />
    </div>
  );
}
