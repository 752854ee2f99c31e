// One product on a category screen: image, name, SKU, badges (Draft or Archived, New, Men's, Adjustable), Edit and Delete.
import { Gem, Loader2, Pencil, Trash2 } from 'lucide-react';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';
import type { AdminProductCard } from '@/lib/admin/catalog/products';
import { PRODUCT_STATUS_LABELS } from '@/lib/catalog/status';
import { NOT_READY_HINT } from '@/lib/admin/catalog/readiness';

const BADGE = {
  New: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  "Men's": 'bg-sky-50 text-sky-800 ring-sky-600/20',
  Adjustable: 'bg-amber-50 text-amber-900 ring-amber-600/20',
} as const;

/** Only products shoppers cannot see are marked: active is the usual case. */
const STATUS_BADGE = {
  draft: 'bg-neutral-100 text-neutral-700 ring-neutral-500/30',
  archived: 'bg-red-50 text-red-800 ring-red-600/20',
} as const;

interface ProductTileProps {
  product: AdminProductCard;
  /** The edit modal for this product is being opened. */
  opening: boolean;
  onEdit(button: HTMLButtonElement): void;
  onDelete(button: HTMLButtonElement): void;
}

export function ProductTile({ product, opening, onEdit, onDelete }: ProductTileProps) {
  const badges = (['New', "Men's", 'Adjustable'] as const).filter(
    (b) => (b === 'New' && product.isNew) || (b === "Men's" && product.isMens) || (b === 'Adjustable' && product.isAdjustable),
  );
  return (
    <article className="flex flex-col overflow-hidden rounded-md border border-neutral-200 bg-white" aria-label={product.name}>
      <div className="aspect-square bg-neutral-50">
        {product.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- optimised through /_next/image via srcSet
          <img
            {...imageSources(product.imageUrl, IMAGE_WIDTHS.tile, canOptimize(product.imageUrl))}
            sizes="(min-width: 1280px) 18vw, (min-width: 768px) 30vw, 50vw"
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center" aria-hidden>
            <Gem className="size-10 text-neutral-300" strokeWidth={1.25} />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-medium text-ink">{product.name}</h2>
        <p className="tabular text-xs text-stone-muted">SKU: {product.sku ?? 'N/A'}</p>
        {(badges.length > 0 || product.status !== 'active') && (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Badges">
            {product.status !== 'active' && (
              <li className={`adm-badge ${STATUS_BADGE[product.status]}`} data-testid="status-badge">
                {PRODUCT_STATUS_LABELS[product.status]}
              </li>
            )}
            {product.notReady && (
              <li className="adm-badge bg-amber-50 text-amber-900 ring-amber-600/30" data-testid="not-ready-badge">
                {NOT_READY_HINT}
              </li>
            )}
            {badges.map((b) => (
              <li key={b} className={`adm-badge ${BADGE[b]}`}>
                {b}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex gap-2 pt-2">
          <button type="button" className="adm-btn h-8 flex-1 px-2" onClick={(e) => onEdit(e.currentTarget)} disabled={opening}>
            {opening ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Pencil aria-hidden className="size-4" />}
            Edit<span className="sr-only"> {product.name}</span>
          </button>
          <button type="button" className="adm-btn h-8 px-2 text-red-700 hover:bg-red-50" onClick={(e) => onDelete(e.currentTarget)}>
            <Trash2 aria-hidden className="size-4" />
            <span className="sr-only">Delete {product.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}

/** The loading state of a category screen. */
export function ProductGridSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <div className="h-8 w-40 animate-pulse rounded bg-neutral-200/70" />
      <p className="sr-only" role="status">
        Loading products…
      </p>
      <div className="h-24 animate-pulse rounded-md bg-neutral-200/70" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded-md bg-neutral-200/70" />
        ))}
      </div>
    </div>
  );
}
