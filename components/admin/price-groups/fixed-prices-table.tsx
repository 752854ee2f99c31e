'use client';
// One page of a group's fixed prices, each with its product, option, list price and a Remove button (after a
// confirmation). On a phone the product's name, option and list price show under the SKU.
import { X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { removeFixedPrice } from '@/lib/admin/price-groups/actions';
import { PRICE_COLUMNS, PRICE_TEXT } from '@/lib/admin/price-groups/labels';
import type { FixedPriceView } from '@/lib/admin/price-groups/prices';
import { formatDollars } from '@/lib/core/format/money';
import { ConfirmDialog } from '../catalog/confirm-dialog';

const keyOf = (p: FixedPriceView) => `${p.productId}|${p.stone}|${p.style}|${p.size}`;

export function FixedPricesTable({ groupId, prices }: { groupId: string; prices: FixedPriceView[] }) {
  const router = useRouter();
  const [removing, setRemoving] = useState<FixedPriceView | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const { productId, stone, style, size } = removing;
    const result = await removeFixedPrice({ groupId, productId, stone, style, size }).catch(() => null);
    setBusy(false);
    if (result?.ok) toast.success(result.message ?? PRICE_TEXT.removed);
    else toast.error(PRICE_TEXT.failedRemove, { description: result?.error || undefined });
    setRemoving(null);
    router.refresh();
  }

  return (
    <div className="adm-panel overflow-x-auto p-0">
      <table className="adm-table">
        <caption className="sr-only">Fixed prices</caption>
        <thead>
          <tr>
            <th scope="col">{PRICE_COLUMNS.sku}</th>
            <th scope="col" className="hidden md:table-cell">
              {PRICE_COLUMNS.product}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              {PRICE_COLUMNS.option}
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              {PRICE_COLUMNS.list}
            </th>
            <th scope="col" className="text-right">
              {PRICE_COLUMNS.fixed}
            </th>
            <th scope="col">
              <span className="sr-only">{PRICE_TEXT.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => (
            <tr key={keyOf(p)} data-testid="fixed-price">
              <th scope="row" className="tabular max-w-[12rem] break-words font-medium">
                {p.sku ?? PRICE_TEXT.noSku}
                <span className="block truncate text-xs font-normal text-stone-muted md:hidden">{p.name ?? PRICE_TEXT.productGone}</span>
                <span className="block text-xs font-normal sm:hidden">{p.optionText}</span>
                <span className="tabular block text-xs font-normal text-stone-muted sm:hidden">
                  {PRICE_COLUMNS.list}: {p.listPrice}
                </span>
              </th>
              <td className="hidden max-w-[16rem] truncate md:table-cell">{p.name ?? PRICE_TEXT.productGone}</td>
              <td className="hidden sm:table-cell">{p.optionText}</td>
              <td className="tabular hidden whitespace-nowrap text-right text-stone-muted sm:table-cell">{p.listPrice}</td>
              <td className="tabular whitespace-nowrap text-right font-medium">{formatDollars(Number(p.price))}</td>
              <td className="text-right">
                <button
                  type="button"
                  className="adm-btn h-8 px-2"
                  aria-label={`${PRICE_TEXT.remove} ${p.sku ?? ''} ${p.optionText}`.replace(/\s+/g, ' ')}
                  disabled={busy}
                  onClick={(e) => {
                    opener.current = e.currentTarget;
                    setRemoving(p);
                  }}
                >
                  <X aria-hidden className="size-4" />
                  <span className="hidden lg:inline">{PRICE_TEXT.remove}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== null}
        title={PRICE_TEXT.confirmTitle(removing?.sku ?? PRICE_TEXT.noSku)}
        description={`${removing?.optionText ?? ''}: ${PRICE_TEXT.confirmText}`}
        confirmLabel={PRICE_TEXT.remove}
        busyLabel={PRICE_TEXT.removing}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
        returnFocus={opener}
      />
    </div>
  );
}
