'use client';
// The featured products: found with the back office's product search (2 characters, 300 ms after the last key),
// added up to 12, ordered by dragging a handle (or with the keyboard: Space on a handle, arrow keys, Space) and
// removed. A product that is not active stays listed, marked, and is not shown to shoppers.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CATEGORY_INFO } from '@/lib/catalog/categories';
import { FEATURED_MAX, STOREFRONT_TEXT } from '@/lib/admin/storefront/rules';
import { noResultsMessage } from '@/lib/admin/search/rules';
import type { FeaturedItem } from '@/lib/admin/storefront/screen';
import { Thumb } from '../thumb';
import { useAdminSearch } from '../shell/use-admin-search';

/** A featured product as the form holds it; the status is known for saved ones only. */
export type FeaturedDraft = Omit<FeaturedItem, 'status'> & { status?: FeaturedItem['status'] };

const keyOf = (p: { category: string; id: string }) => `${p.category}:${p.id}`;

interface FeaturedPickerProps {
  items: FeaturedDraft[];
  onChange(items: FeaturedDraft[]): void;
  disabled?: boolean;
  error?: string;
}

export function FeaturedPicker({ items, onChange, disabled, error }: FeaturedPickerProps) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const search = useAdminSearch(query);
  const inputId = useId();
  const full = items.length >= FEATURED_MAX;
  const chosen = new Set(items.map(keyOf));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => items.findIndex((i) => keyOf(i) === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up product ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ over }) => (over ? `Product is over position ${position(over.id)} of ${items.length}.` : 'Product is not over a position.'),
    onDragEnd: ({ over }) => (over ? `Product dropped at position ${position(over.id)} of ${items.length}.` : 'Product dropped where it was.'),
    onDragCancel: () => 'Moving the product was cancelled.',
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(items, position(active.id) - 1, position(over.id) - 1));
  }

  function add(item: FeaturedDraft) {
    if (full || chosen.has(keyOf(item))) return;
    onChange([...items, item]);
    setStatus(`${item.name} added at position ${items.length + 1}.`);
  }

  function remove(item: FeaturedDraft) {
    onChange(items.filter((i) => keyOf(i) !== keyOf(item)));
    setStatus(`${item.name} removed.`);
  }

  return (
    <div className="space-y-3">
      {items.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: 'To move a product, press Space or Enter on its handle, use the arrow keys, then press Space or Enter to drop it. Escape cancels.' },
          }}
        >
          <SortableContext items={items.map(keyOf)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2" aria-label="Featured products in display order">
              {items.map((item, index) => (
                <SortableFeatured key={keyOf(item)} item={item} index={index} disabled={disabled} onRemove={() => remove(item)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="adm-muted">No featured products: the home page shows New Arrivals only.</p>
      )}
      <p className="text-xs text-stone-muted" aria-live="polite">
        {items.length} of {FEATURED_MAX} chosen{full ? '. Remove one to add another.' : '.'}
      </p>
      {error && <p className="text-xs text-red-700">{error}</p>}

      <div>
        <label htmlFor={inputId} className="adm-label">
          Find a product to feature
        </label>
        <input
          id={inputId}
          type="search"
          className="adm-input"
          placeholder="Name or SKU"
          autoComplete="off"
          value={query}
          disabled={disabled || full}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div aria-live="polite" className="mt-2 text-sm">
          {search.status === 'loading' && <p className="adm-muted">Searching…</p>}
          {search.status === 'error' && <p className="adm-error">{search.message}</p>}
          {search.status === 'done' && search.results.products.length === 0 && <p className="adm-muted">{noResultsMessage(search.query)}</p>}
        </div>
        {search.status === 'done' && search.results.products.length > 0 && (
          <ul className="mt-1 divide-y divide-neutral-100 rounded-md border border-neutral-200" aria-label="Search results">
            {search.results.products.map((r) => {
              const added = chosen.has(keyOf(r));
              return (
                <li key={keyOf(r)} className="flex items-center gap-2 p-2">
                  <Thumb src={r.imageUrl} size={36} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm">{r.name}</span>
                    <span className="block truncate text-xs text-stone-muted">
                      {CATEGORY_INFO[r.category].label} · SKU: {r.sku ?? 'N/A'}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="adm-btn h-8 shrink-0 px-2"
                    disabled={disabled || added || full}
                    onClick={() => add({ id: r.id, category: r.category, name: r.name, sku: r.sku, imageUrl: r.imageUrl })}
                    aria-label={added ? `${r.name} is featured` : `Feature ${r.name}`}
                  >
                    {added ? 'Added' : (
                      <>
                        <Plus aria-hidden className="size-4" /> Add
                      </>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  );
}

function SortableFeatured({ item, index, disabled, onRemove }: { item: FeaturedDraft; index: number; disabled?: boolean; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: keyOf(item), disabled });
  const hidden = item.status !== undefined && item.status !== 'active';
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-md border bg-white p-2 ${isDragging ? 'z-10 border-gold shadow-lg' : 'border-neutral-200'}`}
      data-featured-id={item.id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded hover:bg-neutral-100 active:cursor-grabbing"
        aria-label={`Move ${item.name} (position ${index + 1})`}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span className="tabular w-5 shrink-0 text-right text-xs text-stone-muted">{index + 1}</span>
      <Thumb src={item.imageUrl} size={40} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm">{item.name}</span>
        <span className="block truncate text-xs text-stone-muted">
          {CATEGORY_INFO[item.category].label} · SKU: {item.sku ?? 'N/A'}
        </span>
        {hidden && <span className="adm-badge mt-1 bg-amber-50 text-amber-800">{STOREFRONT_TEXT.notShown}</span>}
      </span>
      <button type="button" className="adm-btn h-8 shrink-0 px-2" onClick={onRemove} disabled={disabled} aria-label={`Remove ${item.name}`}>
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}
