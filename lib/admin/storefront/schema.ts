// The storefront form's schema: the form checks with it first, the server action again. Client-safe. Whether an image
// is a file of the bucket and whether each product exists are checked by the action, on the server.
import { z } from 'zod';
import { CATEGORIES } from '../../catalog/categories';
import { text, uuidText } from '../../core/validation/text';
import { FEATURED_MAX, hasDuplicates, isInternalPath, STOREFRONT_LABELS, STOREFRONT_LIMITS, STOREFRONT_TEXT } from './rules';

/** An image URL, or null for none (the fallback). Only http(s) URLs reach the bucket check. */
const imageUrl = (label: string) =>
  text({ max: STOREFRONT_LIMITS.imageUrl, label })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: STOREFRONT_TEXT.notInBucket })
    .nullish()
    .transform((v) => v || null);

export const storefrontSchema = z.object(
  {
    heroImageUrl: imageUrl(STOREFRONT_LABELS.heroImage),
    heroAlt: text({ max: STOREFRONT_LIMITS.heroAlt, label: STOREFRONT_LABELS.heroAlt }),
    heroHeading: text({ max: STOREFRONT_LIMITS.heroHeading, label: STOREFRONT_LABELS.heroHeading }),
    heroLink: text({ max: STOREFRONT_LIMITS.heroLink, label: STOREFRONT_LABELS.heroLink }).refine((v) => v === '' || isInternalPath(v), {
      error: STOREFRONT_TEXT.badLink,
    }),
    heroLinkLabel: text({ max: STOREFRONT_LIMITS.heroLinkLabel, label: STOREFRONT_LABELS.heroLinkLabel }),
    tileImages: z.object(Object.fromEntries(CATEGORIES.map((c) => [c, imageUrl('Tile image')])) as Record<(typeof CATEGORIES)[number], ReturnType<typeof imageUrl>>, {
      error: 'Send the tile images as an object',
    }),
    featured: z
      .array(z.object({ category: z.enum(CATEGORIES, { error: 'Unknown category' }), id: uuidText }), { error: 'Send the featured products as a list' })
      .max(FEATURED_MAX, { error: STOREFRONT_TEXT.tooMany })
      .refine((list) => !hasDuplicates(list), { error: STOREFRONT_TEXT.duplicate }),
  },
  { error: 'Send every storefront field.' },
);

export type StorefrontInput = z.input<typeof storefrontSchema>;
export type StorefrontValues = z.output<typeof storefrontSchema>;
