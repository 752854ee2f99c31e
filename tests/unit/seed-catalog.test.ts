import { describe, expect, it } from 'vitest';
import { BRACELET_SIZES, CATEGORIES, MATERIALS, NECKLACE_LENGTHS } from '@/lib/catalog/categories';
import { unitPrice } from '@/lib/purchase/pricing';
import type { PriceBreak } from '@/lib/purchase/volume-pricing';
import { priceBreaksProblem } from '@/lib/purchase/price-breaks-text';
import { MOQ_CHOICES, SKU_PREFIX, generateCatalog } from '@/supabase/seed/catalog';
import { asProduct } from '@/supabase/seed/orders';
import { Rng } from '@/supabase/seed/prng';
import { initialSelection } from '@/lib/purchase/options';

const now = new Date('2026-06-15T12:00:00Z');
const catalog = generateCatalog({ now });
const key = (s: string) => s.replace('.', '_');

describe('seeded PRNG', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws version-4 shaped UUIDs', () => {
    const rng = new Rng('ids');
    for (let i = 0; i < 50; i++) expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('generated catalog', () => {
  it('is the same on every run for the same seed and date', () => {
    const again = generateCatalog({ now });
    expect(JSON.stringify(again.products)).toBe(JSON.stringify(catalog.products));
    expect(generateCatalog({ now, seed: 7 }).products[0]!.id).not.toBe(catalog.products[0]!.id);
  });

  it('has at least 30 products per category, unique ids, SKUs and names', () => {
    for (const category of CATEGORIES) expect(catalog.byCategory[category].length).toBeGreaterThanOrEqual(30);
    const skus = catalog.products.map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(catalog.products.length);
    for (const p of catalog.products) expect(p.sku).toMatch(new RegExp(`^${SKU_PREFIX[p.category]}-\\d{4}$`));
    for (const category of CATEGORIES) {
      const names = catalog.byCategory[category].map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('uses the three materials, the MOQ choices and stone details that match the stone', () => {
    const materials = new Set(catalog.products.map((p) => p.row.material));
    expect([...materials].sort()).toEqual([...MATERIALS].sort());
    const moqs = new Set(catalog.products.map((p) => p.row.moq as number));
    for (const m of moqs) expect(MOQ_CHOICES).toContain(m);
    expect(moqs.size).toBeGreaterThanOrEqual(5);
    for (const p of catalog.products) {
      const details = p.row.stone_details as Record<string, string> | null;
      if (p.row.stone === null) expect(details).toBeNull();
      else expect(details?.Stone1).toBe(p.row.stone);
      if (details?.Stone2) expect(details.Stone2).not.toBe(details.Stone1);
      expect(String(p.row.description).split('. ').length).toBeGreaterThanOrEqual(2);
      expect(Number(p.row.weight)).toBeGreaterThan(0);
      expect((p.row.created_at as Date).getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(catalog.products.some((p) => (p.row.stone_details as Record<string, string> | null)?.Stone2)).toBe(true);
    expect(catalog.products.some((p) => p.row.stone === null)).toBe(true);
  });

  it('fills price families with a few deliberate gaps, never at the opening size', () => {
    let necklaceGaps = 0;
    let braceletGaps = 0;
    for (const p of catalog.byCategory.necklaces) {
      if (p.row.is_adjustable) {
        expect(p.row.n_price_16_stone1).toBeGreaterThan(0);
      } else {
        expect(p.row.n_price_18_stone1).toBeGreaterThan(0);
        if (NECKLACE_LENGTHS.some((l) => p.row[`n_price_${l}_stone1`] === null)) necklaceGaps++;
      }
      if (p.row.is_bracelet) expect(p.row.b_price_7_stone1).toBeGreaterThan(0);
      else for (const s of BRACELET_SIZES) expect(p.row[`b_price_${key(s)}_stone1`]).toBeNull();
      // Longer chains cost more.
      const priced = NECKLACE_LENGTHS.map((l) => p.row[`n_price_${l}_stone1`] as number | null).filter((x): x is number => x !== null);
      expect(priced).toEqual([...priced].sort((a, b) => a - b));
    }
    for (const p of catalog.byCategory.bracelets) {
      expect(p.row.b_price_7_stone1).toBeGreaterThan(0);
      if (BRACELET_SIZES.some((s) => p.row[`b_price_${key(s)}_stone1`] === null)) braceletGaps++;
      if (p.row.is_necklace) expect(p.row.n_price_18_stone1).toBeGreaterThan(0);
    }
    expect(necklaceGaps).toBeGreaterThan(0);
    expect(braceletGaps).toBeGreaterThan(0);
    expect(catalog.byCategory.necklaces.some((p) => p.row.is_bracelet)).toBe(true);
    expect(catalog.byCategory.bracelets.some((p) => p.row.is_necklace)).toBe(true);
    expect(new Set(catalog.byCategory.necklaces.map((p) => p.row.necklace_type))).toEqual(new Set(['Chain', 'Pendant']));
  });

  it('prices the opening selection of every product and stone 2 where offered, except a few rings awaiting a price', () => {
    const opening = (p: (typeof catalog.products)[number], stoneType: 'stone1' | 'stone2' = 'stone1') => ({ ...initialSelection(asProduct(p)), stoneType });
    const unpriced = catalog.products.filter((p) => unitPrice(asProduct(p), opening(p)) === null);
    expect(unpriced.length).toBeGreaterThan(0);
    expect(unpriced.length).toBeLessThanOrEqual(Math.ceil(catalog.byCategory.rings.length / 40));
    for (const p of unpriced) {
      expect(p.category, p.sku).toBe('rings');
      expect(p.row.price_stone2, p.sku).toBeNull();
    }
    for (const p of catalog.products) {
      if (unpriced.includes(p)) continue;
      const product = asProduct(p);
      expect(unitPrice(product, opening(p)), p.sku).toBeGreaterThan(0);
      if ((p.row.stone_details as Record<string, string> | null)?.Stone2) {
        expect(unitPrice(product, opening(p, 'stone2')), p.sku).toBeGreaterThan(0);
      }
      for (const v of Object.entries(p.row)) {
        if (/price/.test(v[0]) && typeof v[1] === 'number') expect(Number.isInteger(Math.round((v[1] as number) * 100))).toBe(true);
      }
    }
  });

  it('sells some silver pieces in sixes, at MOQs that are whole packs, and gives a third of products volume breaks', () => {
    const sixes = catalog.products.filter((p) => p.row.pack_size === 6);
    expect(sixes.length).toBeGreaterThan(5);
    for (const p of sixes) {
      expect(p.row.material, p.sku).toBe('silver');
      expect((p.row.moq as number) % 6, p.sku).toBe(0);
    }
    const tiered = catalog.products.filter((p) => (p.row.price_breaks as readonly unknown[]).length > 0);
    expect(tiered.length).toBeGreaterThan(catalog.products.length / 4);
    expect(priceBreaksProblem(tiered[0]!.row.price_breaks as PriceBreak[])).toBeNull();
  });

  it('flags new arrivals (recent), men\'s pieces and adjustable items, and gives 2–4 distinct views per product', () => {
    const recent = now.getTime() - 30 * 86_400_000;
    const newOnes = catalog.products.filter((p) => p.row.is_new_arrival);
    expect(newOnes.length).toBeGreaterThan(10);
    for (const p of newOnes) expect((p.row.created_at as Date).getTime()).toBeGreaterThan(recent);
    expect(catalog.products.some((p) => p.row.is_mens_jewelry)).toBe(true);
    for (const category of ['rings', 'necklaces', 'bracelets'] as const) {
      expect(catalog.byCategory[category].some((p) => p.row.is_adjustable), category).toBe(true);
    }
    for (const p of catalog.products) {
      expect(p.views.length).toBeGreaterThanOrEqual(2);
      expect(p.views.length).toBeLessThanOrEqual(4);
      expect(new Set(p.views).size).toBe(p.views.length);
      expect(p.look.material).toBe(p.row.material);
    }
  });
});
