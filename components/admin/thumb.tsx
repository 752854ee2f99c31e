import { Gem } from 'lucide-react';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';

/** A small square product image (search results, order lines), or a neutral placeholder. */
export function Thumb({ src, alt = '', size = 40 }: { src: string | null; alt?: string; size?: number }) {
  const box = { width: size, height: size };
  if (!src) {
    return (
      <span style={box} className="inline-flex shrink-0 items-center justify-center rounded border border-neutral-200 bg-neutral-50" aria-hidden>
        <Gem className="size-1/2 text-neutral-400" strokeWidth={1.25} />
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- optimised through /_next/image via srcSet
    <img
      {...imageSources(src, IMAGE_WIDTHS.thumb, canOptimize(src))}
      sizes={`${size}px`}
      alt={alt}
      loading="lazy"
      style={box}
      className="shrink-0 rounded border border-neutral-200 bg-neutral-50 object-cover"
    />
  );
}
