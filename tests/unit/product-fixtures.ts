// Plain product rows for the pure price, option and cart tests (the shapes lib/catalog/product.ts returns).
import type { Bracelet, BodyJewelry, Earring, Necklace, ProductBase, Ring } from '@/lib/catalog/types';

const base = (over: Partial<ProductBase>): Omit<ProductBase, 'category'> => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Test piece',
  sku: 'TST-001',
  description: null,
  material: 'silver',
  stone: null,
  stone_details: null,
  weight: null,
  moq: 1,
  pack_size: 1,
  price_breaks: [],
  is_new_arrival: false,
  is_mens_jewelry: false,
  created_at: '2026-01-01T00:00:00Z',
  image_url: null,
  price_from: null,
  ...over,
});

const NECKLACE_KEYS = ['16', '18', '20', '22', '24', '26', '28', '30'];
const BRACELET_KEYS = ['6', '6_5', '7', '7_5', '8', '8_5'];

function emptyFamilies(): Record<string, null> {
  const out: Record<string, null> = {};
  for (const n of [1, 2]) {
    for (const k of NECKLACE_KEYS) out[`n_price_${k}_stone${n}`] = null;
    for (const k of BRACELET_KEYS) out[`b_price_${k}_stone${n}`] = null;
  }
  return out;
}

export function ring(over: Partial<Ring> = {}): Ring {
  return { ...base(over), category: 'rings', is_adjustable: false, sizes: [], size_surcharge: null, size_surcharge_from: null, price_stone1: null, price_stone2: null, ...over };
}

export function earring(over: Partial<Earring> = {}): Earring {
  return {
    ...base(over),
    category: 'earrings',
    earring_type: null,
    closure_type: null,
    price_stone1: null,
    price_stone2: null,
    ...over,
  };
}

export function bodyJewelry(over: Partial<BodyJewelry> = {}): BodyJewelry {
  return {
    ...base(over),
    category: 'body_jewelry',
    jewelry_type: null,
    size: null,
    gauge: null,
    price_stone1: null,
    price_stone2: null,
    ...over,
  };
}

export function necklace(over: Partial<Necklace> = {}): Necklace {
  return {
    ...base(over),
    ...(emptyFamilies() as object),
    category: 'necklaces',
    necklace_type: null,
    chain_length: null,
    clasp_type: null,
    is_adjustable: false,
    is_bracelet: false,
    ...over,
  } as Necklace;
}

export function bracelet(over: Partial<Bracelet> = {}): Bracelet {
  return {
    ...base(over),
    ...(emptyFamilies() as object),
    category: 'bracelets',
    clasp_type: null,
    is_adjustable: false,
    is_necklace: false,
    ...over,
  } as Bracelet;
}

export const TWO_STONES = { Stone1: 'Ruby', Stone2: 'Sapphire' };
