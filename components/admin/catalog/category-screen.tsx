'use client';
// A category screen: heading and count, the Grid/List toggle, Export CSV and Add Product, the Import Products panel,
// 20 product cards a page or the list view (product-list.tsx), and the add/edit modal. The product being edited is named in the URL (?edit=) and loaded by the page on the
// server; a product chosen in the header search arrives through the 'admin_edit_product' hand-off.
import { Download, LayoutGrid, List, Plus } from 'lucide-react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { toast } from '@/components/ui/toaster';
import { deleteProduct } from '@/lib/admin/catalog/actions';
import { PRODUCT_GONE } from '@/lib/admin/catalog/schema';
import type { AdminProductCard, CategoryScreenData } from '@/lib/admin/catalog/products';
import { categoryScreenHref, HANDOFF_TTL_ON_LIST_MS, type CategoryScreenQuery } from '@/lib/admin/catalog/screen';
import { productsFoundLabel, type ListQuery } from '@/lib/admin/catalog/list-params';
import { EDIT_HANDOFF_KEY, readHandoff } from '@/lib/admin/search/rules';
import { CATEGORY_INFO } from '@/lib/catalog/categories';
import { AdminPagination } from '../pagination';
import { ConfirmDialog } from './confirm-dialog';
import { ImportPanel } from './import-panel';
import { ProductList } from './product-list';
import { ProductTile } from './product-tile';
import { ProductModal, type ModalTarget } from './product-modal';

function takeHandoff(category: CategoryScreenData['category']): string | null {
  try {
    const handoff = readHandoff(localStorage.getItem(EDIT_HANDOFF_KEY), category, Date.now(), HANDOFF_TTL_ON_LIST_MS);
    if (handoff) localStorage.removeItem(EDIT_HANDOFF_KEY);
    return handoff?.id ?? null;
  } catch {
    return null;
  }
}

export function CategoryScreen({ data, query }: { data: CategoryScreenData; query: CategoryScreenQuery }) {
  const { category, editing } = data;
  const label = CATEGORY_INFO[category].label;
  const router = useRouter();
  const urlEdit = useSearchParams().get('edit')?.toLowerCase() ?? null;
  const [opening, startOpening] = useTransition();
  const [target, setTarget] = useState<ModalTarget | null>(() => (editing ? { kind: 'edit', id: editing.row.id } : null));
  const [doomed, setDoomed] = useState<AdminProductCard | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const href = (edit: string | null, page = data.page) => categoryScreenHref(category, { view: query.view, list: query.list, page, edit });
  const listHref = (list: ListQuery) => categoryScreenHref(category, { view: 'list', list, page: list.page, edit: null });

  function openEdit(id: string, button: HTMLElement | null, replace = false) {
    opener.current = button;
    setTarget({ kind: 'edit', id });
    if (editing?.row.id !== id) startOpening(() => (replace ? router.replace : router.push)(href(id), { scroll: false }));
  }

  function close() {
    setTarget(null);
    if (urlEdit) router.replace(href(null), { scroll: false });
  }

  // A product chosen in the header search opens here (the hand-off is good for 10 s on this page). The search
  // navigates here even when this screen is already shown, which renders it again with new data.
  useEffect(() => {
    const id = takeHandoff(category);
    if (id) openEdit(id, null, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render from the server
  }, [data]);

  // Once a navigation has settled, the modal follows the URL: the back button closes it, and a product this table
  // does not have (deleted meanwhile, or another category's) is said so.
  useEffect(() => {
    if (target?.kind !== 'edit' || opening) return;
    if (urlEdit !== target.id) {
      setTarget(null);
    } else if (editing?.row.id !== target.id) {
      toast.error(PRODUCT_GONE);
      close();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the URL and the loaded data only
  }, [urlEdit, editing, opening]);

  function saved(id: string, added: boolean) {
    if (added) {
      // The new product is the newest: page 1, its modal open for images.
      setTarget({ kind: 'edit', id });
      startOpening(() => router.replace(href(id, 1), { scroll: false }));
    } else {
      setTarget(null);
      router.replace(href(null), { scroll: false });
      router.refresh();
    }
  }

  async function confirmDelete() {
    if (!doomed) return;
    setDeleteBusy(true);
    try {
      const result = await deleteProduct({ category, id: doomed.id });
      if (!result.ok) throw new Error(result.error);
      toast.success('Product deleted successfully');
      // The card and its button go away: the focus returns to the heading.
      opener.current = heading.current;
      setDoomed(null);
      router.refresh();
    } catch (err) {
      toast.error('Failed to delete product', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setDeleteBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="adm-h1 outline-none">
            {label}
          </h1>
          <p className="adm-muted tabular" role="status">
            {productsFoundLabel(data.total, data.capped)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <nav aria-label="View" className="flex rounded-md border border-neutral-300 bg-white p-0.5">
            {(['grid', 'list'] as const).map((view) => {
              const Icon = view === 'grid' ? LayoutGrid : List;
              return (
                <Link
                  key={view}
                  href={categoryScreenHref(category, { view, list: { ...query.list, page: 1 }, page: 1, edit: null })}
                  aria-current={query.view === view ? 'page' : undefined}
                  className={`inline-flex h-8 items-center gap-1.5 rounded px-2.5 text-sm ${query.view === view ? 'bg-ink text-white' : 'hover:bg-neutral-100'}`}
                >
                  <Icon aria-hidden className="size-4" /> {view === 'grid' ? 'Grid' : 'List'}
                </Link>
              );
            })}
          </nav>
          <a href={`/api/admin/products/export?category=${category}`} download className="adm-btn">
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
          <button
            type="button"
            className="adm-btn-primary"
            onClick={(e) => {
              opener.current = e.currentTarget;
              setTarget({ kind: 'add' });
            }}
          >
            <Plus aria-hidden className="size-4" /> Add Product
          </button>
        </div>
      </div>
      <ImportPanel category={category} />
      {data.list ? (
        <ProductList
          category={category}
          data={data.list}
          query={query.list}
          href={listHref}
          opening={opening && target?.kind === 'edit' ? target.id : null}
          onOpen={(id, from) => openEdit(id, from)}
        />
      ) : data.items.length === 0 ? (
        <div className="adm-panel adm-empty">No products found for this category</div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {data.items.map((product) => (
            <ProductTile
              key={product.id}
              product={product}
              opening={opening && target?.kind === 'edit' && target.id === product.id}
              onEdit={(button) => openEdit(product.id, button)}
              onDelete={(button) => {
                opener.current = button;
                setDoomed(product);
              }}
            />
          ))}
        </div>
      )}
      {!data.list && <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => href(null, page)} />}
      <ProductModal category={category} target={target} editing={editing} onClose={close} onSaved={saved} returnFocus={opener} />
      <ConfirmDialog
        open={doomed !== null}
        title={`Delete ${doomed?.name ?? 'this product'}?`}
        description="The product, its images and their stored files are removed from the shop. This cannot be undone."
        confirmLabel="Delete product"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
        returnFocus={opener}
      />
    </div>
  );
}
