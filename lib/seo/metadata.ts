// Per-page titles, descriptions, canonical URLs and Open Graph data. Pure: URLs are relative and resolved against
// the root layout's metadataBase (SITE_URL).
import type { Metadata } from 'next';

export const SITE_NAME = 'Aurelia Fine Jewelry';

interface PageMetaInput {
  title: string;
  description: string;
  /** Canonical path, e.g. '/category/rings' or '/category/rings?page=2'. */
  path: string;
  image?: string | null;
  noindex?: boolean;
}

export function pageMetadata({ title, description, path, image, noindex }: PageMetaInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title,
      description,
      url: path,
      siteName: SITE_NAME,
      locale: 'en_US',
      type: 'website',
      ...(image ? { images: [{ url: image, alt: title }] } : {}),
    },
    // Twitter reads the og: tags; only the card type is its own.
    twitter: { card: image ? 'summary_large_image' : 'summary' },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}

/**
 * A listing's canonical path: filters and sort are views of the same list, so only the page number stays.
 */
export function listingCanonical(basePath: string, page: number): string {
  return page > 1 ? `${basePath}?page=${page}` : basePath;
}

export function listingMetadata(input: {
  title: string;
  description: string;
  basePath: string;
  page: number;
  image?: string | null;
  noindex?: boolean;
}): Metadata {
  const title = input.page > 1 ? `${input.title} – Page ${input.page}` : input.title;
  return pageMetadata({
    title,
    description: input.description,
    path: listingCanonical(input.basePath, input.page),
    image: input.image,
    noindex: input.noindex,
  });
}

/** Plain text for a meta description: whitespace collapsed, cut at a word near `max` characters. */
export function describe(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
