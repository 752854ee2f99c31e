import { describe, expect, it } from 'vitest';
import { describe as describeText, listingCanonical, listingMetadata, pageMetadata } from '@/lib/seo/metadata';
import {
  absoluteUrl,
  escapeXml,
  parseProductChunkName,
  productChunkCount,
  SITEMAP_FILE_URLS,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  urlsetXml,
} from '@/lib/seo/sitemap-xml';

describe('metadata', () => {
  it('gives each page a title, description, canonical URL and Open Graph data', () => {
    const meta = pageMetadata({ title: 'FAQs', description: 'Answers.', path: '/faqs' });
    expect(meta).toMatchObject({
      title: 'FAQs',
      description: 'Answers.',
      alternates: { canonical: '/faqs' },
      openGraph: { title: 'FAQs', description: 'Answers.', url: '/faqs', siteName: 'Aurelia Fine Jewelry', type: 'website' },
    });
    expect(meta.robots).toBeUndefined();
    expect(pageMetadata({ title: 'x', description: 'y', path: '/x', noindex: true }).robots).toEqual({ index: false, follow: true });
  });

  it('keeps only the page number in a listing canonical', () => {
    expect(listingCanonical('/category/rings', 1)).toBe('/category/rings');
    expect(listingCanonical('/category/rings', 3)).toBe('/category/rings?page=3');
    const meta = listingMetadata({ title: 'Rings Collection', description: 'd', basePath: '/category/rings', page: 2 });
    expect(meta.title).toBe('Rings Collection – Page 2');
    expect(meta.alternates?.canonical).toBe('/category/rings?page=2');
  });

  it('cuts descriptions at a word', () => {
    expect(describeText('  short   text ')).toBe('short text');
    const long = describeText('word '.repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('sitemap XML', () => {
  it('escapes and lists URLs', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = urlsetXml([{ loc: 'https://shop.test/a?x=1&y=2', lastmod: '2025-01-01T00:00:00.000Z', priority: 0.8, changefreq: 'daily' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      '<url><loc>https://shop.test/a?x=1&amp;y=2</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod><changefreq>daily</changefreq><priority>0.8</priority></url>',
    );
    expect(sitemapIndexXml(['https://shop.test/sitemaps/pages.xml'])).toContain(
      '<sitemap><loc>https://shop.test/sitemaps/pages.xml</loc></sitemap>',
    );
  });

  it('splits products into files of 50,000 URLs, the protocol limit', () => {
    expect(SITEMAP_FILE_URLS).toBe(50_000);
    expect(SITEMAP_FILE_URLS).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(productChunkCount(0)).toBe(1);
    expect(productChunkCount(50_000)).toBe(1);
    expect(productChunkCount(1_000_000)).toBe(20);
    expect(productChunkCount(1_000_001)).toBe(21);
    expect(productChunkCount(25, 10)).toBe(3);
    expect(parseProductChunkName('products-2.xml')).toBe(2);
    expect(parseProductChunkName('products-x.xml')).toBeNull();
    expect(parseProductChunkName('pages.xml')).toBeNull();
  });

  it('joins the site URL and a path', () => {
    expect(absoluteUrl('https://shop.test/', '/rings/1')).toBe('https://shop.test/rings/1');
    expect(absoluteUrl('https://shop.test', 'faqs')).toBe('https://shop.test/faqs');
    expect(absoluteUrl('https://shop.test', 'https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
  });
});
