import { describe, expect, it } from 'vitest';
import { moqLabel } from '@/lib/purchase/quantity';
import { canOptimize, IMAGE_WIDTHS, imageSources, OPTIMIZER_WIDTHS } from '@/components/shop/listing/image-srcset';
import {
  foundLabel,
  fromPriceLabel,
  resultCount,
  searchPageHref,
  seeAllLabel,
  showingLabel,
  showResultsLabel,
  skuLabel,
} from '@/lib/catalog/listing-labels';

describe('listing labels', () => {
  it("says 'Showing X-Y of N results'", () => {
    expect(showingLabel(21, 40, 137)).toBe('Showing 21-40 of 137 results');
  });

  it('is singular for one search result', () => {
    expect(foundLabel(1)).toBe('Found 1 result');
    expect(foundLabel(0)).toBe('Found 0 results');
    expect(foundLabel(20)).toBe('Found 20 results');
  });

  it('falls back to N/A and MOQ 1', () => {
    expect(skuLabel('RNG-1')).toBe('SKU: RNG-1');
    expect(skuLabel(null)).toBe('SKU: N/A');
    expect(skuLabel('  ')).toBe('SKU: N/A');
    expect(moqLabel(12)).toBe('MOQ: 12');
    expect(moqLabel(null)).toBe('MOQ: 1');
    expect(moqLabel(0)).toBe('MOQ: 1');
  });

  it("shows 'From $' with two decimals, only for positive prices", () => {
    expect(fromPriceLabel(12.5)).toBe('From $12.50');
    expect(fromPriceLabel(1234)).toBe('From $1,234.00');
    expect(fromPriceLabel(0)).toBeNull();
    expect(fromPriceLabel(null)).toBeNull();
  });
});

describe('image sources', () => {
  it('builds an optimiser srcset from accepted widths only', () => {
    const { src, srcSet } = imageSources('http://127.0.0.1:54321/storage/v1/object/public/product-images/a b.webp', [256, 640], true);
    expect(srcSet).toBe(
      '/_next/image?url=http://127.0.0.1:54321/storage/v1/object/public/product-images/a%20b.webp&w=256&q=75 256w, ' +
        '/_next/image?url=http://127.0.0.1:54321/storage/v1/object/public/product-images/a%20b.webp&w=640&q=75 640w',
    );
    // The optimiser reads back exactly the original URL.
    const back = new URL(src, 'http://shop.test').searchParams.get('url');
    expect(back).toBe('http://127.0.0.1:54321/storage/v1/object/public/product-images/a b.webp');
    const tricky = 'http://h/p/a&b=c#d+e%20f?g.webp';
    expect(new URL(imageSources(tricky, [256], true).src, 'http://shop.test').searchParams.get('url')).toBe(tricky);
    expect(src).toContain('&w=640&');
    for (const set of Object.values(IMAGE_WIDTHS)) for (const w of set) expect(OPTIMIZER_WIDTHS).toContain(w);
  });

  it('leaves images the optimiser may not fetch alone', () => {
    expect(imageSources('https://elsewhere.test/x.jpg', [256], false)).toEqual({ src: 'https://elsewhere.test/x.jpg' });
  });
});

describe('canOptimize', () => {
  it('allows local paths and the storage bucket, nothing else', () => {
    const base = process.env.NEXT_PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';
    expect(canOptimize('/placeholder.webp')).toBe(true);
    expect(canOptimize(`${base}/storage/v1/object/public/product-images/a.webp`)).toBe(true);
    expect(canOptimize('//evil.test/a.webp')).toBe(false);
    expect(canOptimize('https://elsewhere.test/a.webp')).toBe(false);
  });
});

describe('search and drawer labels', () => {
  it("says 'See all {n} results' and 'Show {n} results', singular for one", () => {
    expect(seeAllLabel(133)).toBe('See all 133 results');
    expect(seeAllLabel(1)).toBe('See all 1 result');
    expect(showResultsLabel(48)).toBe('Show 48 results');
    expect(showResultsLabel(1)).toBe('Show 1 result');
    expect(searchPageHref(' gold ring ')).toBe('/search?q=gold%20ring');
  });

  it("says '1,000+' for a search count that stopped at its cap, never singular", () => {
    expect(resultCount(133)).toBe('133');
    expect(resultCount(1000, true)).toBe('1,000+');
    expect(foundLabel(1000, true)).toBe('Found 1,000+ results');
    expect(seeAllLabel(1000, true)).toBe('See all 1,000+ results');
    expect(showResultsLabel(1000, true)).toBe('Show 1,000+ results');
    expect(showingLabel(21, 40, 1000, true)).toBe('Showing 21-40 of 1,000+ results');
    expect(foundLabel(1000)).toBe('Found 1000 results');
  });
});
