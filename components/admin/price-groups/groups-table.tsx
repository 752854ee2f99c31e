// The price groups, by name: each with its percent off, its number of fixed prices and of trade accounts, and a link
// to its page (where it is edited, deleted and its prices listed).
import Link from 'next/link';
import type { PriceGroupRow } from '@/lib/admin/price-groups/groups';
import { GROUP_COLUMNS, PRICE_GROUPS_TITLE, percentText } from '@/lib/admin/price-groups/labels';
import { priceGroupHref } from '@/lib/admin/price-groups/params';

export function GroupsTable({ groups }: { groups: PriceGroupRow[] }) {
  return (
    <div className="adm-panel overflow-x-auto p-0">
      <table className="adm-table">
        <caption className="sr-only">{PRICE_GROUPS_TITLE}</caption>
        <thead>
          <tr>
            <th scope="col">{GROUP_COLUMNS.name}</th>
            <th scope="col" className="text-right">
              {GROUP_COLUMNS.percent}
            </th>
            <th scope="col" className="text-right">
              {GROUP_COLUMNS.prices}
            </th>
            <th scope="col" className="text-right">
              {GROUP_COLUMNS.accounts}
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.id} data-testid="price-group">
              <th scope="row" className="max-w-[16rem] break-words">
                <Link href={priceGroupHref(g.id)} className="underline decoration-neutral-300 underline-offset-2 hover:decoration-ink">
                  {g.name}
                </Link>
              </th>
              <td className="tabular text-right">{percentText(g.percentOff)}</td>
              <td className="tabular text-right">{g.fixedPrices.toLocaleString('en-US')}</td>
              <td className="tabular text-right">{g.accounts.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
