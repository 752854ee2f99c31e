import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import { GroupForm } from '@/components/admin/price-groups/group-form';
import { GroupsTable } from '@/components/admin/price-groups/groups-table';
import { PriceListImport } from '@/components/admin/price-groups/price-list-import';
import { loadPriceGroups } from '@/lib/admin/price-groups/groups';
import { FILE_TEXT, GROUP_TEXT, NO_GROUPS, PRICE_GROUPS_INTRO, PRICE_GROUPS_TITLE } from '@/lib/admin/price-groups/labels';
import { priceListExportHref } from '@/lib/admin/price-groups/params';
import { requireAdminPage } from '@/lib/entry/page-guards';

export const metadata: Metadata = { title: PRICE_GROUPS_TITLE };

export default async function PriceGroupsPage() {
  const { actor } = await requireAdminPage();
  const groups = await loadPriceGroups(actor);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="adm-h1">{PRICE_GROUPS_TITLE}</h1>
          <p className="adm-muted max-w-prose">{PRICE_GROUPS_INTRO}</p>
        </div>
        {groups.length > 0 && (
          <a href={priceListExportHref()} download className="adm-btn">
            <Download aria-hidden className="size-4" /> {FILE_TEXT.exportAll}
          </a>
        )}
      </div>
      {groups.length === 0 ? <div className="adm-panel adm-empty">{NO_GROUPS}</div> : <GroupsTable groups={groups} />}
      <section aria-labelledby="new-group-heading" className="adm-panel space-y-3">
        <h2 id="new-group-heading" className="adm-h2">
          {GROUP_TEXT.add}
        </h2>
        <GroupForm />
      </section>
      <PriceListImport groupNames={groups.map((g) => g.name)} />
    </div>
  );
}
