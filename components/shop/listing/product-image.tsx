import { Gem } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { canOptimize, IMAGE_WIDTHS, imageSources } from './image-srcset';

interface ProductImageProps {
  src: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser fetches no more pixels than that. */
  sizes: string;
  /** Which width set to offer (see IMAGE_WIDTHS). */
  widths?: keyof typeof IMAGE_WIDTHS;
  priority?: boolean;
  className?: string;
}

/**
 * A square product image on a soft ground, or the placeholder when the product has no image. A plain <img> with the
 * optimiser's srcset: no image component code, and a short srcset keeps listing HTML small.
 */
export function ProductImage({ src, alt, sizes, widths = 'card', priority, className }: ProductImageProps) {
  return (
    <div className={className ? `pimg ${className}` : 'pimg'}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- optimised through /_next/image via srcSet
        <img
          {...imageSources(src, IMAGE_WIDTHS[widths], canOptimize(src))}
          alt={alt}
          sizes={sizes}
          loading={priority ? undefined : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
        />
      ) : (
        <div {...(alt ? { role: 'img', 'aria-label': `${alt} (no image)` } : { 'aria-hidden': true })} className="pimg-empty">
          <Icon node={Gem} aria-hidden strokeWidth={1} className="size-1/4" />
        </div>
      )}
    </div>
  );
}
