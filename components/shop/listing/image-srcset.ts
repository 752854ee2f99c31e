// srcset for the built-in image optimiser (/_next/image), built without next/image's client component so listings
// ship no image code to the browser. Pure.

/** Widths the optimiser accepts by default (next.config images.imageSizes + deviceSizes). */
export const OPTIMIZER_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export type OptimizerWidth = (typeof OPTIMIZER_WIDTHS)[number];

/** Width sets per use: enough steps for 1x-3x screens at the shown size, and no more (each one costs HTML). */
export const IMAGE_WIDTHS = {
  thumb: [64, 128, 256],
  card: [384, 640],
  tile: [256, 384, 640],
  hero: [384, 640, 828, 1080],
} as const satisfies Record<string, readonly OptimizerWidth[]>;

/**
 * Only the characters that would break the query string are escaped; ':' and '/' may stay as they are in a query
 * value, which keeps each of the srcset's URLs short.
 */
export function queryValue(value: string): string {
  return value.replace(/[%&#+?=\s]/g, (c) => encodeURIComponent(c));
}

export function optimizedUrl(src: string, width: OptimizerWidth, quality = 75): string {
  return `/_next/image?url=${queryValue(src)}&w=${width}&q=${quality}`;
}

// The storage bucket's public URLs are the images next.config lets the optimiser fetch (the same default URL as
// lib/core/env.public.ts, read directly so the client bundle carries nothing else from there).
const STORAGE_PUBLIC = `${(process.env.NEXT_PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/+$/, '')}/storage/v1/object/public/`;

/** Whether the optimiser may fetch `src`: local paths and the storage bucket's public objects. */
export function canOptimize(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  return src.startsWith(STORAGE_PUBLIC);
}

/** `src` and `srcSet` for an <img>; images the optimiser may not fetch keep their own URL. */
export function imageSources(src: string, widths: readonly OptimizerWidth[], optimize: boolean): { src: string; srcSet?: string } {
  if (!optimize || widths.length === 0) return { src };
  return {
    src: optimizedUrl(src, widths[widths.length - 1]!),
    srcSet: widths.map((w) => `${optimizedUrl(src, w)} ${w}w`).join(', '),
  };
}
