'use client';
// The Storefront screen's form: the hero (image, description, heading, link), the featured products and an image
// per category tile, saved together in one action ('Storefront saved' or the reason as a toast). Empty fields keep
// today's home page: the newest product's image and the default words.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { updateStorefront } from '@/lib/admin/storefront/actions';
import { HOME_DEFAULTS, STOREFRONT_LABELS, STOREFRONT_LIMITS, STOREFRONT_TEXT, TILE_CATEGORIES } from '@/lib/admin/storefront/rules';
import type { StorefrontInput } from '@/lib/admin/storefront/schema';
import type { StorefrontScreen } from '@/lib/admin/storefront/screen';
import { CATEGORY_INFO, type Category } from '@/lib/catalog/categories';
import { AdminField } from '../field';
import { FeaturedPicker, type FeaturedDraft } from './featured-picker';
import { ImagePicker } from './image-picker';

type TextField = 'heroHeading' | 'heroAlt' | 'heroLink' | 'heroLinkLabel';

const TEXT_FIELDS: { field: TextField; placeholder: string; hint: string }[] = [
  { field: 'heroHeading', placeholder: HOME_DEFAULTS.heroHeading, hint: 'The large heading beside the hero image. Empty: the default shown here.' },
  { field: 'heroAlt', placeholder: 'A gold pendant on a linen ground', hint: 'What the hero image shows, for people who cannot see it. Empty: the heading.' },
  { field: 'heroLink', placeholder: HOME_DEFAULTS.heroLink, hint: 'A page of this shop, such as /category/rings or /new-arrivals.' },
  { field: 'heroLinkLabel', placeholder: HOME_DEFAULTS.heroLinkLabel, hint: "The hero button's words." },
];

export function StorefrontForm({ screen }: { screen: StorefrontScreen }) {
  const router = useRouter();
  const [heroImageUrl, setHeroImageUrl] = useState(screen.heroImageUrl);
  const [texts, setTexts] = useState<Record<TextField, string>>({
    heroHeading: screen.heroHeading,
    heroAlt: screen.heroAlt,
    heroLink: screen.heroLink,
    heroLinkLabel: screen.heroLinkLabel,
  });
  const [tiles, setTiles] = useState<Partial<Record<Category, string>>>(screen.tileImages);
  const [featured, setFeatured] = useState<FeaturedDraft[]>(screen.featured);
  const { form, errors, pending, submit: send } = useActionForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input: StorefrontInput = {
      heroImageUrl,
      ...texts,
      tileImages: Object.fromEntries(TILE_CATEGORIES.map((c) => [c, tiles[c] ?? null])) as StorefrontInput['tileImages'],
      featured: featured.map((f) => ({ category: f.category, id: f.id })),
    };
    const { storefrontSchema } = await import('@/lib/admin/storefront/schema');
    const result = await send(input, storefrontSchema, updateStorefront);
    if (!result) {
      toast.error(STOREFRONT_TEXT.failed, { description: 'Check the fields marked below.' });
      return;
    }
    if (result.ok) {
      toast.success(result.message ?? STOREFRONT_TEXT.saved);
      router.refresh();
    } else {
      toast.error(STOREFRONT_TEXT.failed, { description: result.error || undefined });
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Storefront">
      <section className="adm-panel space-y-4" aria-labelledby="hero-heading">
        <h2 id="hero-heading" className="adm-h2">
          Hero
        </h2>
        <ImagePicker
          label={STOREFRONT_LABELS.heroImage}
          value={heroImageUrl}
          onChange={setHeroImageUrl}
          disabled={pending}
          error={errors.heroImageUrl}
          fallback="None chosen: the newest necklace's image"
        />
        <div className="grid gap-4 md:grid-cols-2">
          {TEXT_FIELDS.map(({ field, placeholder, hint }) => (
            <AdminField key={field} label={STOREFRONT_LABELS[field]} error={errors[field]} hint={hint}>
              {(control) => (
                <input
                  {...control}
                  name={field}
                  className="adm-input"
                  maxLength={STOREFRONT_LIMITS[field]}
                  placeholder={placeholder}
                  value={texts[field]}
                  disabled={pending}
                  onChange={(e) => setTexts((t) => ({ ...t, [field]: e.target.value }))}
                />
              )}
            </AdminField>
          ))}
        </div>
      </section>

      <section className="adm-panel space-y-3" aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="adm-h2">
          {STOREFRONT_LABELS.featured}
        </h2>
        <p className="adm-muted">Shown on the home page in this order, and first under the listings&apos; Featured sort.</p>
        <FeaturedPicker items={featured} onChange={setFeatured} disabled={pending} error={errors.featured} />
      </section>

      <section className="adm-panel space-y-4" aria-labelledby="tiles-heading">
        <h2 id="tiles-heading" className="adm-h2">
          Category tiles
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {TILE_CATEGORIES.map((c) => (
            <ImagePicker
              key={c}
              label={`${CATEGORY_INFO[c].label} tile`}
              value={tiles[c] ?? null}
              onChange={(url) => setTiles((t) => ({ ...t, [c]: url ?? undefined }))}
              disabled={pending}
              error={errors[`tileImages.${c}`]}
              fallback={`None chosen: the newest ${CATEGORY_INFO[c].singular}'s image`}
            />
          ))}
        </div>
      </section>

      {errors._form && <p className="adm-error">{errors._form}</p>}
      <button type="submit" className="adm-btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : 'Save storefront'}
      </button>
    </form>
  );
}
