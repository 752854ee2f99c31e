import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, MATERIALS } from '@/lib/catalog/categories';
import { type ArtSpec, VIEW_COUNT, buildSvg, visualKey } from '@/supabase/seed/art';
import { artFor, generateCatalog } from '@/supabase/seed/catalog';

const catalog = generateCatalog({ now: new Date('2026-06-15T12:00:00Z') });

/** Every look in the catalog, in every view. */
const specs: ArtSpec[] = [];
for (const p of catalog.products) for (let v = 0; v < VIEW_COUNT; v++) specs.push(artFor(p, v));

function wellFormed(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  // Groups are balanced and every referenced id is defined.
  expect(svg.split('<g ').length - 1).toBe(svg.split('</g>').length - 1);
  const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(ref)).toBe(true);
}

describe('product art', () => {
  it('draws a well-formed square SVG for every category, material, look and view', () => {
    const seen = new Set<string>();
    for (const spec of specs) {
      const key = visualKey(spec);
      if (seen.has(key)) continue;
      seen.add(key);
      wellFormed(buildSvg(spec));
    }
    for (const category of CATEGORIES) {
      for (const material of MATERIALS) {
        expect([...seen].some((k) => k.startsWith(category) && k.includes(`-${material}-`)), `${category} ${material}`).toBe(true);
      }
    }
  });

  it('is deterministic, and views, metals and stones change the picture', () => {
    const base = specs.find((s) => s.category === 'rings' && s.hue)!;
    expect(buildSvg(base)).toBe(buildSvg({ ...base }));
    expect(buildSvg({ ...base, view: (base.view + 1) % VIEW_COUNT })).not.toBe(buildSvg(base));
    expect(buildSvg({ ...base, material: base.material === 'gold' ? 'silver' : 'gold' })).not.toBe(buildSvg(base));
    expect(buildSvg({ ...base, hue: base.hue === 'red' ? 'blue' : 'red' })).not.toBe(buildSvg(base));
    expect(visualKey({ ...base, view: base.view + VIEW_COUNT })).toBe(visualKey(base));
  });

  it('rasterises to a 1000×1000 WebP for one look of each category', async () => {
    for (const category of CATEGORIES) {
      const spec = specs.find((s) => s.category === category)!;
      const webp = await sharp(Buffer.from(buildSvg(spec))).webp({ quality: 82, effort: 2 }).toBuffer();
      const meta = await sharp(webp).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([1000, 1000]);
    }
  });
});
