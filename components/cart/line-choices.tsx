'use client';
// A cart line's stone, style and size, changed on the line: a one-click add (a card's button, quick order, reorder)
// chose them for the buyer, and this is where the buyer sees and changes them. The choices and their prices are the
// product page's, read from the server when the buyer asks (GET /api/cart/choices).
import { useState } from 'react';
import { purchaseSpecifications, purchaseView, type PurchaseModel } from '@/lib/purchase/selection';
import { ChoiceSelects, hasChoices } from '@/components/product/choice-selects';
import type { ProductSelection } from '@/lib/purchase/options';
import type { CartItem } from '@/lib/cart/types';
import { cartLineId } from '@/lib/cart/lines';
import { useCart } from './cart-context';

/** Models already read, by product id: a line whose id changed with its choice opens again without a request. */
const models = new Map<string, PurchaseModel | null>();
/** The line to show open after its choice changed (its id changes with its choices, so it is drawn anew). */
let reopen: string | null = null;

async function readModel(productId: string): Promise<PurchaseModel | null> {
  if (models.has(productId)) return models.get(productId)!;
  const res = await fetch(`/api/cart/choices?ids=${encodeURIComponent(productId)}`, { cache: 'no-store' });
  if (!res.ok) throw new Error('not read');
  const body = (await res.json()) as { models: PurchaseModel[] };
  const model = body.models.find((m) => m.productId.toLowerCase() === productId.toLowerCase()) ?? null;
  models.set(productId, model);
  return model;
}

/** Whether a line may have choices to change: pieces with a length or size, or a named stone. */
export function mayHaveChoices(item: CartItem): boolean {
  return item.product.category === 'necklaces' || item.product.category === 'bracelets' || Boolean(item.specifications.stoneName);
}

const selectClass = 'h-9 rounded-md border border-stone-line bg-white px-2 text-sm';

export function LineChoices({ item }: { item: CartItem }) {
  const { changeChoices } = useCart();
  const [open, setOpen] = useState(() => reopen === item.id);
  const [model, setModel] = useState<PurchaseModel | null | undefined>(() => (reopen === item.id ? models.get(item.productId) : undefined));
  const [failed, setFailed] = useState(false);
  const name = item.product.name;

  const toggle = async () => {
    if (open) return setOpen(false);
    setOpen(true);
    setFailed(false);
    if (model !== undefined) return;
    try {
      setModel(await readModel(item.productId));
    } catch {
      setFailed(true);
    }
  };

  const selection: ProductSelection = {
    stoneType: item.specifications.stoneType ?? 'stone1',
    style: item.specifications.style ?? null,
    size: item.specifications.size ?? null,
  };
  const apply = (next: ProductSelection) => {
    if (!model) return;
    const { price, listPrice } = purchaseView(model, next);
    if (price === null) return;
    const specifications = purchaseSpecifications(model, next);
    reopen = cartLineId(item.productId, specifications);
    changeChoices(item.id, specifications, price, listPrice ?? null);
  };
  const legend = model && selection.style ? model.styleInfo[selection.style]?.legend : undefined;
  const nothing = model === null || (model !== undefined && !hasChoices(model, selection));

  return (
    <div className="mt-2">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        // Named with the product, so each line's button is told apart; the visible words come first in the name.
        aria-label={`${open ? 'Done' : 'Change choices'} for ${name}`}
        className="text-sm text-ink-soft underline underline-offset-4 hover:text-ink"
      >
        {open ? 'Done' : 'Change choices'}
      </button>
      {open && (
        <div className="mt-2 flex flex-wrap gap-2" data-testid="line-choices">
          {model === undefined && !failed && <p className="text-sm text-stone-muted" role="status">Loading choices…</p>}
          {failed && <p className="text-sm text-red-700" role="alert">Could not load the choices. Please try again.</p>}
          {nothing && <p className="text-sm text-stone-muted">This piece has no other choices.</p>}
          {model && !nothing && (
            <ChoiceSelects
              model={model}
              selection={selection}
              onChange={apply}
              labels={{ stone: `Stone for ${name}`, style: `Style for ${name}`, size: `${legend ?? 'Size'} for ${name}` }}
              className={selectClass}
            />
          )}
        </div>
      )}
    </div>
  );
}
