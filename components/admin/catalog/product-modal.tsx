'use client';
// The add/edit modal: a full-height sheet on phones, a centred dialog on wider screens. When editing, the product's
// images come first; then the fields. Focus is trapped inside, Escape and Cancel close it, and focus goes back to
// the button that opened it.
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useId, useState, type RefObject } from 'react';
import type { EditingProduct } from '@/lib/admin/catalog/products';
import type { Category } from '@/lib/catalog/categories';
import { ImageManager } from './image-manager';
import { ProductForm } from './product-form';
import { ProductHistory } from './product-history';

export type ModalTarget = { kind: 'add' } | { kind: 'edit'; id: string };

interface ProductModalProps {
  category: Category;
  target: ModalTarget | null;
  /** The product the server loaded for ?edit=; it belongs to the target when the ids match. */
  editing: EditingProduct | null;
  onClose(): void;
  onSaved(id: string, added: boolean): void;
  returnFocus: RefObject<HTMLElement | null>;
}

export function ProductModal({ category, target, editing, onClose, onSaved, returnFocus }: ProductModalProps) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const loaded = target?.kind === 'edit' && editing?.row.id === target.id ? editing : null;
  const adding = target?.kind === 'add';

  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="admin fixed inset-0 z-50 flex !min-h-0 flex-col bg-white shadow-xl focus:outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(64rem,96vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
          onCloseAutoFocus={(e) => {
            if (returnFocus.current?.isConnected) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <header className="flex items-center gap-3 border-b border-neutral-200 px-4 py-3 sm:px-5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold">{adding ? 'Add Product' : 'Edit Product'}</Dialog.Title>
              <Dialog.Description className="truncate text-xs text-stone-muted">
                {adding ? 'A new product in this category. Images can be added once it is saved.' : (loaded?.row.name as string | undefined) ?? 'Loading…'}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button type="button" className="adm-btn h-8 w-8 px-0" aria-label="Close" disabled={busy}>
                <X aria-hidden className="size-4" />
              </button>
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-5">
            {loaded && <ImageManager category={category} productId={loaded.row.id} images={loaded.images} />}
            {adding && <ProductForm key="new" id={formId} category={category} product={null} hasImage={false} onBusyChange={setBusy} onSaved={(id) => onSaved(id, true)} />}
            {loaded && <ProductForm key={loaded.row.id} id={formId} category={category} product={loaded.row} hasImage={loaded.images.length > 0 || Boolean(loaded.row.image_url)} onBusyChange={setBusy} onSaved={(id) => onSaved(id, false)} />}
            {loaded && <ProductHistory key={`history-${loaded.row.id}-${loaded.history.entries[0]?.id ?? 0}`} category={category} productId={loaded.row.id} initial={loaded.history} />}
            {target?.kind === 'edit' && !loaded && (
              <p className="flex items-center justify-center gap-2 py-16 text-sm text-stone-muted" role="status">
                <Loader2 aria-hidden className="size-4 animate-spin" /> Loading the product…
              </p>
            )}
          </div>
          <footer className="flex justify-end gap-2 border-t border-neutral-200 px-4 py-3 sm:px-5">
            <Dialog.Close asChild>
              <button type="button" className="adm-btn" disabled={busy}>
                Cancel
              </button>
            </Dialog.Close>
            <button type="submit" form={formId} className="adm-btn-primary" disabled={busy || (!adding && !loaded)}>
              {busy ? 'Saving…' : adding ? 'Add Product' : 'Save Changes'}
            </button>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
