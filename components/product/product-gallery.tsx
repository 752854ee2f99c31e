'use client';
import { ChevronLeft, ChevronRight, Gem } from 'lucide';
import { useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';

interface ProductGalleryProps {
  name: string;
  /** Primary first. */
  images: string[];
}

// Horizontal travel (px) that counts as a swipe.
const SWIPE_MIN = 40;

/** Main image with previous/next arrows, thumbnails, arrow keys, and swipe on touch screens. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const show = (i: number) => setIndex(((i % count) + count) % count);

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

  const current = images[Math.min(index, count - 1)]!;
  const arrow =
    'absolute top-1/2 -translate-y-1/2 inline-flex size-10 items-center justify-center rounded-full ' +
    'border border-stone-line bg-ivory/90 text-ink shadow-sm backdrop-blur transition hover:bg-white';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${name} images`}
      className="flex flex-col gap-3"
      onKeyDown={(event) => {
        if (count < 2) return;
        if (event.key === 'ArrowLeft') show(index - 1);
        else if (event.key === 'ArrowRight') show(index + 1);
        else return;
        event.preventDefault();
      }}
    >
      <div
        className="relative aspect-square w-full touch-pan-y overflow-hidden rounded-lg bg-ivory-deep select-none"
        onTouchStart={(event) => {
          const t = event.touches[0];
          touch.current = t ? { x: t.clientX, y: t.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touch.current;
          const t = event.changedTouches[0];
          touch.current = null;
          if (!start || !t || count < 2) return;
          const dx = t.clientX - start.x;
          const dy = t.clientY - start.y;
          if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? index + 1 : index - 1);
        }}
      >
        {/* The optimiser's srcset without next/image's client code: the browser fetches the width it shows. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          key={current}
          {...imageSources(current, IMAGE_WIDTHS.hero, canOptimize(current))}
          alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
          sizes="(min-width: 1280px) 584px, (min-width: 1024px) 46vw, (min-width: 640px) 90vw, 100vw"
          fetchPriority={index === 0 ? 'high' : undefined}
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
        {count > 1 && (
          <>
            <button type="button" className={`${arrow} left-3`} aria-label="Previous image" onClick={() => show(index - 1)}>
              <Icon node={ChevronLeft} aria-hidden className="size-5" />
            </button>
            <button type="button" className={`${arrow} right-3`} aria-label="Next image" onClick={() => show(index + 1)}>
              <Icon node={ChevronRight} aria-hidden className="size-5" />
            </button>
            <p className="tabular absolute right-3 bottom-3 rounded-full bg-ink/70 px-2.5 py-0.5 text-xs text-white" aria-live="polite">
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
          {images.map((src, i) => (
            <li key={src + i} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                className={`relative block size-16 overflow-hidden rounded-md border bg-ivory-deep transition sm:size-20 ${
                  i === index ? 'border-gold-dark ring-1 ring-gold-dark' : 'border-stone-line opacity-80 hover:opacity-100'
                }`}
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
      )}
    </section>
  );
}
