import { ChevronLeft, ChevronRight, Gem } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';
import { DeferredGalleryControls } from './gallery-controls-deferred';
import { GALLERY_ID, galleryAlt } from './gallery-text';

interface ProductGalleryProps {
  name: string;
  /** Primary first. */
  images: string[];
}

/**
 * Main image with previous/next arrows, thumbnails, arrow keys, and swipe on touch screens. Drawn on the server;
 * the controls' code (components/product/gallery-controls.tsx) comes after the page's load event and enables the
 * buttons. Render it with the product's id as key, so another product's gallery starts afresh.
 */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const count = images.length;
  if (count === 0) {
    return (
      <div
        role="img"
        aria-label={`${name}: no image available`}
        className="flex aspect-square w-full items-center justify-center rounded-lg bg-ivory-deep text-stone-muted"
      >
        <Icon node={Gem} aria-hidden strokeWidth={1} className="size-16" />
      </div>
    );
  }

  const first = images[0]!;
  const arrow =
    'absolute top-1/2 -translate-y-1/2 inline-flex size-10 items-center justify-center rounded-full ' +
    'border border-stone-line bg-ivory/90 text-ink shadow-sm backdrop-blur transition hover:bg-white';

  return (
    <section id={GALLERY_ID} aria-roledescription="carousel" aria-label={`${name} images`} className="flex flex-col gap-3">
      <div data-gallery-stage className="relative aspect-square w-full touch-pan-y overflow-hidden rounded-lg bg-ivory-deep select-none">
        {/* The optimiser's srcset without next/image's client code: the browser fetches the width it shows. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          data-gallery-main
          {...imageSources(first, IMAGE_WIDTHS.hero, canOptimize(first))}
          alt={galleryAlt(name, 0, count)}
          sizes="(min-width: 1280px) 584px, (min-width: 1024px) 46vw, (min-width: 640px) 90vw, 100vw"
          fetchPriority="high"
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
        {count > 1 && (
          <>
            <button type="button" disabled data-gallery-step={-1} className={`${arrow} left-3`} aria-label="Previous image">
              <Icon node={ChevronLeft} aria-hidden className="size-5" />
            </button>
            <button type="button" disabled data-gallery-step={1} className={`${arrow} right-3`} aria-label="Next image">
              <Icon node={ChevronRight} aria-hidden className="size-5" />
            </button>
            <p data-gallery-counter className="tabular absolute right-3 bottom-3 rounded-full bg-ink/70 px-2.5 py-0.5 text-xs text-white" aria-live="polite">
              {`1 / ${count}`}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
            {images.map((src, i) => (
              <li key={src + i} className="shrink-0">
                <button
                  type="button"
                  disabled
                  data-gallery-show={i}
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === 0 ? 'true' : undefined}
                  className="relative block size-16 overflow-hidden rounded-md border border-stone-line bg-ivory-deep opacity-80 transition hover:opacity-100 aria-[current=true]:border-gold-dark aria-[current=true]:opacity-100 aria-[current=true]:ring-1 aria-[current=true]:ring-gold-dark sm:size-20"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img
                    {...imageSources(src, IMAGE_WIDTHS.thumb, canOptimize(src))}
                    alt=""
                    sizes="80px"
                    loading="lazy"
                    draggable={false}
                    className="absolute inset-0 size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
          <DeferredGalleryControls name={name} images={images} />
        </>
      )}
    </section>
  );
}
