'use client';
// The Shipping section: the methods in the order buyers see them (the first is the default), each with its zones,
// bands, threshold, handling and a preview of what typical orders pay; added, edited and removed one at a time, and
// moved up or down (the whole order saved at once). One editor is open at a time.
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { deleteShippingMethod, reorderShippingMethods } from '@/lib/admin/settings/actions';
import { BASIS_LABELS, SHIPPING_TEXT } from '@/lib/admin/settings/shipping-fields';
import { formatBands, formatZoneList, methodToForm } from '@/lib/admin/settings/shipping-form';
import type { ShippingMethodView } from '@/lib/admin/settings/screen';
import { formatCents } from '@/lib/core/format/money';
import { ConfirmDialog } from '../catalog/confirm-dialog';
import { ShippingMethodEditor } from './shipping-method-editor';

const NEW = 'new';

export function ShippingMethods({ methods }: { methods: ShippingMethodView[] }) {
  const router = useRouter();
  // The list as shown: moved at once, the server's order again after each refresh.
  const [items, setItems] = useState(methods);
  const [seen, setSeen] = useState(methods);
  if (seen !== methods) {
    setSeen(methods);
    setItems(methods);
  }
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<ShippingMethodView | null>(null);
  const [status, setStatus] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const removeButton = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  async function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (busy || target < 0 || target >= items.length) return;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    const previous = items;
    setItems(next);
    setBusy(true);
    const result = await reorderShippingMethods({ ids: next.map((m) => m.method.id) }).catch(() => null);
    setBusy(false);
    const { id, name } = next[target]!.method;
    if (result?.ok) {
      setStatus(`${name} moved to place ${target + 1} of ${next.length}.`);
      toast.success(result.message ?? SHIPPING_TEXT.reordered);
      // Keep the focus on the moved method's arrow, or on the other one when it has reached an end.
      const edge = (by === -1 && target === 0) || (by === 1 && target === next.length - 1);
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-move="${id}:${edge ? -by : by}"]`)?.focus());
      router.refresh();
    } else {
      setItems(previous);
      toast.error(SHIPPING_TEXT.failed, { description: result?.error || undefined });
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await deleteShippingMethod({ id: removing.method.id }).catch(() => null);
    setBusy(false);
    if (result?.ok) {
      toast.success(result.message ?? SHIPPING_TEXT.removed);
      setStatus(`${removing.method.name} removed.`);
      // Its own button is gone with it: the focus goes to 'Add shipping method'.
      removeButton.current = addButton.current;
      setRemoving(null);
      router.refresh();
    } else {
      toast.error(SHIPPING_TEXT.failed, { description: result?.error || undefined });
    }
  }

  function done(saved: boolean) {
    setEditing(null);
    if (saved) router.refresh();
  }

  return (
    <section className="adm-panel space-y-4" aria-labelledby="shipping-heading">
      <div>
        <h2 id="shipping-heading" className="adm-h2">
          Shipping
        </h2>
        <p className="adm-muted">Buyers choose among the active methods that reach their address, in this order; the first is chosen for them.</p>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      {items.length === 0 && editing !== NEW && <p className="adm-muted">No shipping methods yet: buyers cannot check out until one reaches them.</p>}
      <ol ref={list} className="space-y-3" aria-label="Shipping methods in the order buyers see them">
        {items.map((view, index) => {
          const m = view.method;
          if (editing === m.id) {
            return (
              <li key={m.id} className="rounded-md border border-gold-dark/40 p-3">
                <ShippingMethodEditor initial={methodToForm(m)} onDone={done} />
              </li>
            );
          }
          return (
            <li key={m.id} className="rounded-md border border-neutral-200 p-3" data-testid="shipping-method">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="tabular text-stone-muted">{index + 1}.</span>
                    <span className="break-words">{m.name}</span>
                    {!m.active && <span className="adm-badge bg-neutral-100 text-neutral-700 ring-neutral-300">Inactive</span>}
                  </p>
                  <p className="break-words">
                    <span className="text-stone-muted">Zones:</span> {formatZoneList(m.zones)}
                  </p>
                  <p>
                    <span className="text-stone-muted">By {BASIS_LABELS[m.basis].toLowerCase()}:</span> <span className="tabular">{formatBands(m.basis, m.bands)}</span>
                  </p>
                  <p className="tabular">
                    {m.freeOverCents === null ? 'Never free' : `Free from ${formatCents(m.freeOverCents)}`} · Handling {formatCents(m.handlingCents)}
                  </p>
                  <p className="tabular text-xs text-stone-muted" data-testid="shipping-preview">
                    {view.preview}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <button type="button" className="adm-btn px-2" aria-label={`Move ${m.name} up`} data-move={`${m.id}:-1`} disabled={busy || editing !== null || index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="adm-btn px-2"
                    aria-label={`Move ${m.name} down`}
                    data-move={`${m.id}:1`}
                    disabled={busy || editing !== null || index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button type="button" className="adm-btn px-2" aria-label={`Edit ${m.name}`} disabled={busy || editing !== null} onClick={() => setEditing(m.id)}>
                    <Pencil className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="adm-btn px-2"
                    aria-label={`Remove ${m.name}`}
                    disabled={busy || editing !== null}
                    onClick={(e) => {
                      removeButton.current = e.currentTarget;
                      setRemoving(view);
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {editing === NEW ? (
        <div className="rounded-md border border-gold-dark/40 p-3">
          <ShippingMethodEditor initial={methodToForm(null)} onDone={done} />
        </div>
      ) : (
        <button ref={addButton} type="button" className="adm-btn" disabled={busy || editing !== null} onClick={() => setEditing(NEW)}>
          <Plus className="size-4" aria-hidden /> Add shipping method
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.method.name ?? 'this method'}?`}
        description="Buyers can no longer choose it. Orders already placed keep the shipping they paid. To stop offering it for now, edit it and untick Active instead."
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        returnFocus={removeButton}
      />
    </section>
  );
}
