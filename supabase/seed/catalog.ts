// Over 300 lines: one deterministic generator; looks, products and prices must stay in step.
// The generated catalog: about forty products per category, deterministic for a given seed. Each product follows a
// "look" (a drawn style in one metal and one stone colour); products of a look share the rendered images, so a cold
// seed renders a few hundred pictures rather than one per product image.
import { BRACELET_SIZES, type Category, NECKLACE_LENGTHS } from '../../lib/catalog/categories';
import type { ArtSpec, ArtStyle, ChainStyle, Hue, Material, PendantStyle } from './art';
import { COLLECTIONS, MENS_COLLECTIONS, SECOND_STONE, type StoneInfo, stoneByName, stonesOfHue } from './data';
import { Rng } from './prng';
import type { PriceBreak } from '../../lib/catalog/types';
import { DEFAULT_RING_SIZES, RING_SIZES } from '../../lib/catalog/ring-sizes';

export const SKU_PREFIX: Record<Category, string> = {
  rings: 'RNG',
  necklaces: 'NCK',
  bracelets: 'BRC',
  earrings: 'EAR',
  body_jewelry: 'BDY',
};

export const MOQ_CHOICES = [1, 2, 3, 5, 6, 10, 12] as const;

export type Row = Record<string, string | number | boolean | null | Date | Record<string, string> | readonly PriceBreak[] | readonly string[]>;

export interface Look {
  category: Category;
  design: string;
  art: ArtStyle;
  material: Material;
  hue: Hue | null;
}

export interface SeedProduct {
  id: string;
  category: Category;
  sku: string;
  name: string;
  /** Every column to insert except image_url (set from the uploaded images). */
  row: Row;
  look: Look;
  /** The drawn views for this product's images, in display order (first is primary). */
  views: number[];
}

export interface Catalog {
  products: SeedProduct[];
  byCategory: Record<Category, SeedProduct[]>;
}

const RATE: Record<Material, number> = { silver: 1.65, gold: 44, 'rose-gold': 42 };

const MATERIAL_TEXT: Record<Material, { short: string; long: string }> = {
  silver: { short: 'sterling silver', long: '925 sterling silver with a rhodium finish that resists tarnish' },
  gold: { short: '14k yellow gold', long: 'solid 14k yellow gold, polished to a warm mirror finish' },
  'rose-gold': { short: '14k rose gold', long: 'solid 14k rose gold with a soft blush tone' },
};

const CLOSINGS: readonly string[] = [
  'Each piece is hand-finished in our workshop and arrives individually boxed, ready for your display case.',
  'Stocked in depth for repeat orders, so best sellers can be reordered without waiting on a new casting run.',
  'Hallmarked and quality-checked before dispatch, with matching pieces available across the collection.',
  'A dependable seller that sits comfortably at an accessible retail price point.',
  'Nickel-free and hypoallergenic, suitable for sensitive skin.',
  'Pairs naturally with the matching pieces from the same collection for coordinated displays.',
];

interface Ctx {
  rng: Rng;
  collection: string;
  stone: StoneInfo | null;
  material: Material;
  look: Look;
}

interface Design {
  id: string;
  art: ArtStyle;
  mens?: number;
  weight: readonly [number, number];
  /** Dollars for the centre stone(s) at cost 1. */
  stoneCost: number;
  labour: number;
  name(c: Ctx): string;
  lead(c: Ctx): string;
  /** Category columns (types, clasp, sizes…). */
  extra?(c: Ctx, name: string): Row;
}

const a = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const stoneText = (s: StoneInfo | null, cut = 'brilliant-cut') =>
  !s ? '' : s.hue === 'pearl' ? `a lustrous ${s.name.toLowerCase()}` : `${a(cut)} ${s.name === 'Cubic Zirconia' ? 'cubic zirconia' : s.name.toLowerCase()}`;
const short = (s: StoneInfo | null) => (s ? s.name.replace('London Blue Topaz', 'London Blue') : '');

// ---------------------------------------------------------------------------------------------------------------
// Designs per category.

const RING_DESIGNS: Design[] = [
  {
    id: 'solitaire',
    art: { category: 'rings', style: 'solitaire' },
    weight: [2.6, 4.2],
    stoneCost: 55,
    labour: 14,
    name: (c) => `${c.collection} ${short(c.stone)} Solitaire Ring`,
    lead: (c) => `A four-claw solitaire that lifts ${stoneText(c.stone)} above a slim, comfort-fit band in ${MATERIAL_TEXT[c.material].long}.`,
  },
  {
    id: 'halo',
    art: { category: 'rings', style: 'halo' },
    weight: [3, 4.8],
    stoneCost: 62,
    labour: 22,
    name: (c) => `${c.collection} ${short(c.stone)} Halo Ring`,
    lead: (c) => `${cap(stoneText(c.stone, 'round'))} is framed by a halo of pavé-set accents on a tapered band of ${MATERIAL_TEXT[c.material].short}.`,
  },
  {
    id: 'band',
    art: { category: 'rings', style: 'band' },
    mens: 0.3,
    weight: [3.2, 6.5],
    stoneCost: 40,
    labour: 12,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Eternity Band` : `${c.collection} Milgrain Wedding Band`),
    lead: (c) =>
      c.stone
        ? `A row of channel-set ${c.stone.name.toLowerCase()} stones runs across the top of this ${MATERIAL_TEXT[c.material].short} band, catching light from every angle.`
        : `A classic wedding band in ${MATERIAL_TEXT[c.material].long}, edged with fine hand-applied milgrain.`,
  },
  {
    id: 'signet',
    art: { category: 'rings', style: 'signet' },
    mens: 1,
    weight: [8, 14],
    stoneCost: 30,
    labour: 18,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Signet Ring` : `${c.collection} Engraved Signet Ring`),
    lead: (c) =>
      c.stone
        ? `A substantial oval signet inlaid with polished ${c.stone.name.toLowerCase()}, cast in ${MATERIAL_TEXT[c.material].short} with a weighty, rounded shank.`
        : `A substantial oval signet in ${MATERIAL_TEXT[c.material].short}, with a face ready for hand engraving of a crest or initials.`,
  },
];

const pendantDesign = (id: PendantStyle, chain: ChainStyle, noun: (c: Ctx) => string, lead: (c: Ctx) => string, mens = 0): Design => ({
  id: `pendant-${id}`,
  art: { category: 'necklaces', style: 'pendant', pendant: id, chain },
  mens,
  weight: [3, 6],
  stoneCost: 45,
  labour: 12,
  name: noun,
  lead,
  extra: () => ({ necklace_type: 'Pendant' }),
});

const chainDesign = (chain: ChainStyle, title: string, weight: readonly [number, number], lead: (c: Ctx) => string, mens = 0): Design => ({
  id: `chain-${chain}`,
  art: { category: 'necklaces', style: 'chain', chain },
  mens,
  weight,
  stoneCost: 35,
  labour: 10,
  name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Station Chain` : `${c.collection} ${title}`),
  lead,
  extra: () => ({ necklace_type: 'Chain' }),
});

const NECKLACE_DESIGNS: Design[] = [
  pendantDesign('solitaire', 'cable', (c) => `${c.collection} ${short(c.stone)} Solitaire Pendant`, (c) =>
    c.stone?.hue === 'pearl'
      ? `${cap(stoneText(c.stone))} hangs from a polished bail on a fine cable chain in ${MATERIAL_TEXT[c.material].short}.`
      : `${cap(stoneText(c.stone))} held in four claws, suspended from a fine cable chain in ${MATERIAL_TEXT[c.material].short}.`),
  pendantDesign('halo', 'cable', (c) => `${c.collection} ${short(c.stone)} Halo Pendant`, (c) =>
    `${cap(stoneText(c.stone, 'round'))} ringed by a halo of sparkling accents, on a cable chain of ${MATERIAL_TEXT[c.material].short}.`),
  pendantDesign('drop', 'cable', (c) => `${c.collection} ${short(c.stone)} Teardrop Pendant`, (c) =>
    `A pear-cut ${c.stone?.name.toLowerCase() ?? 'stone'} in a slim bezel of ${MATERIAL_TEXT[c.material].short}, falling in a graceful teardrop.`),
  pendantDesign('heart', 'cable', (c) => (c.stone ? `${c.collection} ${short(c.stone)} Heart Pendant` : `${c.collection} Open Heart Pendant`), (c) =>
    c.stone
      ? `A heart-shaped ${c.stone.name.toLowerCase()} in a polished frame of ${MATERIAL_TEXT[c.material].short}, on a delicate cable chain.`
      : `A softly rounded open heart in ${MATERIAL_TEXT[c.material].long}, on a delicate cable chain.`),
  pendantDesign('disc', 'cable', (c) => `${c.collection} Engraved Disc Pendant`, (c) =>
    `A polished coin disc in ${MATERIAL_TEXT[c.material].short}, engraved with an eight-point star and ready for personalisation on the reverse.`),
  pendantDesign('bar', 'box', (c) => `${c.collection} Vertical Bar Pendant`, (c) =>
    `A slender vertical bar in ${MATERIAL_TEXT[c.material].short} on a fine box chain, with room for engraving along its length.`, 0.4),
  chainDesign('figaro', 'Figaro Link Chain', [7, 14], (c) =>
    `The classic Italian figaro pattern, three short links to one long, in ${MATERIAL_TEXT[c.material].long}.`),
  chainDesign('curb', 'Cuban Curb Chain', [14, 34], (c) =>
    `A bold curb chain of twisted, flattened links that lie flush against the neck, in ${MATERIAL_TEXT[c.material].short}.`, 0.9),
  chainDesign('rope', 'Rope Chain', [6, 12], (c) =>
    `Tightly twisted links form a rope that shimmers as it moves, in ${MATERIAL_TEXT[c.material].short}.`, 0.3),
  chainDesign('paperclip', 'Paperclip Chain', [5, 10], (c) =>
    `Elongated paperclip links give this ${MATERIAL_TEXT[c.material].short} chain a light, modern look that layers easily.`),
  chainDesign('box', 'Box Chain', [5, 10], (c) =>
    `Square box links make a smooth, sturdy chain in ${MATERIAL_TEXT[c.material].short} that takes most pendants.`, 0.3),
  chainDesign('cable', 'Cable Chain', [3, 6], (c) =>
    c.stone
      ? `Bezel-set ${c.stone.name.toLowerCase()} stations are spaced along a fine cable chain in ${MATERIAL_TEXT[c.material].short}.`
      : `A fine, versatile cable chain in ${MATERIAL_TEXT[c.material].short}.`),
];

const BRACELET_DESIGNS: Design[] = [
  {
    id: 'bangle',
    art: { category: 'bracelets', style: 'bangle', chain: 'curb' },
    weight: [9, 18],
    stoneCost: 80,
    labour: 16,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Channel Bangle` : `${c.collection} Polished Bangle`),
    lead: (c) =>
      c.stone
        ? `A slip-on bangle in ${MATERIAL_TEXT[c.material].short} with a row of channel-set ${c.stone.name.toLowerCase()} stones across the top.`
        : `A smooth, rounded slip-on bangle in ${MATERIAL_TEXT[c.material].long}.`,
    extra: () => ({ clasp_type: 'Slip-On' }),
  },
  {
    id: 'cuff',
    art: { category: 'bracelets', style: 'cuff', chain: 'curb' },
    mens: 0.7,
    weight: [14, 30],
    stoneCost: 30,
    labour: 20,
    name: (c) => `${c.collection} Open Cuff Bracelet`,
    lead: (c) => `A wide open cuff in ${MATERIAL_TEXT[c.material].short} with polished ball terminals, shaped to sit comfortably on the wrist.`,
    extra: () => ({ clasp_type: 'Open Cuff' }),
  },
  {
    id: 'tennis',
    art: { category: 'bracelets', style: 'tennis', chain: 'curb' },
    weight: [8, 14],
    stoneCost: 240,
    labour: 30,
    name: (c) => `${c.collection} ${short(c.stone)} Tennis Bracelet`,
    lead: (c) => `A continuous line of four-claw ${c.stone?.name.toLowerCase() ?? 'stones'} in ${MATERIAL_TEXT[c.material].short}, hinged link by link so it drapes softly.`,
    extra: () => ({ clasp_type: 'Box Clasp with Safety' }),
  },
  ...(['figaro', 'curb', 'paperclip', 'cable'] as const).map<Design>((chain) => ({
    id: `link-${chain}`,
    art: { category: 'bracelets', style: 'link', chain },
    mens: chain === 'curb' ? 0.9 : 0,
    weight: chain === 'curb' ? [12, 26] : [4, 10],
    stoneCost: 25,
    labour: 9,
    name: (c) =>
      c.stone
        ? `${c.collection} ${short(c.stone)} Station Bracelet`
        : `${c.collection} ${{ figaro: 'Figaro Link', curb: 'Curb Link', paperclip: 'Paperclip', cable: 'Cable Link' }[chain]} Bracelet`,
    lead: (c) =>
      c.stone
        ? `${cap(c.stone.hue === 'pearl' ? `lustrous ${c.stone.name.toLowerCase()}s` : `bezel-set ${c.stone.name.toLowerCase()} stones`)} spaced along a fine chain of ${MATERIAL_TEXT[c.material].short}.`
        : `A ${chain} link bracelet in ${MATERIAL_TEXT[c.material].long}, finished with a secure lobster clasp.`,
    extra: () => ({ clasp_type: 'Lobster Clasp' }),
  })),
];

const EARRING_DESIGNS: Design[] = [
  {
    id: 'stud',
    art: { category: 'earrings', style: 'stud' },
    weight: [1, 2.4],
    stoneCost: 60,
    labour: 9,
    name: (c) =>
      c.stone ? (c.stone.hue === 'pearl' ? `${c.collection} ${short(c.stone)} Studs` : `${c.collection} ${short(c.stone)} Stud Earrings`) : `${c.collection} Polished Dome Studs`,
    lead: (c) =>
      c.stone
        ? `A matched pair of ${c.stone.hue === 'pearl' ? c.stone.name.toLowerCase() + 's' : 'brilliant-cut ' + c.stone.name.toLowerCase() + ' studs'} in ${MATERIAL_TEXT[c.material].short} settings.`
        : `Softly domed studs in ${MATERIAL_TEXT[c.material].long}, an everyday essential.`,
    extra: (c) => ({ earring_type: 'Stud', closure_type: c.rng.pick(['Push Back', 'Screw Back', 'Push Back']) }),
  },
  {
    id: 'hoop',
    art: { category: 'earrings', style: 'hoop' },
    weight: [2, 6],
    stoneCost: 40,
    labour: 11,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Inside-Out Hoops` : `${c.collection} Polished Hoop Earrings`),
    lead: (c) =>
      c.stone
        ? `Hoops in ${MATERIAL_TEXT[c.material].short} set inside and out with ${c.stone.name.toLowerCase()} accents.`
        : `Lightweight tube hoops in ${MATERIAL_TEXT[c.material].long}.`,
    extra: (c) => ({ earring_type: 'Hoop', closure_type: c.rng.pick(['Hinged Snap', 'Latch Back']) }),
  },
  {
    id: 'huggie',
    art: { category: 'earrings', style: 'huggie' },
    weight: [1.5, 3.5],
    stoneCost: 35,
    labour: 10,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Pavé Huggies` : `${c.collection} Huggie Hoops`),
    lead: (c) =>
      c.stone
        ? `Small, thick huggie hoops in ${MATERIAL_TEXT[c.material].short}, pavé-set with ${c.stone.name.toLowerCase()} across the front.`
        : `Small, thick huggie hoops in ${MATERIAL_TEXT[c.material].short} that hug the lobe.`,
    extra: () => ({ earring_type: 'Huggie', closure_type: 'Hinged Snap' }),
  },
  {
    id: 'drop',
    art: { category: 'earrings', style: 'drop' },
    weight: [1.8, 4],
    stoneCost: 50,
    labour: 11,
    name: (c) =>
      c.stone ? (c.stone.hue === 'pearl' ? `${c.collection} ${short(c.stone)} Drop Earrings` : `${c.collection} ${short(c.stone)} Teardrop Earrings`) : `${c.collection} Disc Drop Earrings`,
    lead: (c) =>
      c.stone
        ? c.stone.hue === 'pearl'
          ? `${cap(stoneText(c.stone))} swings from each French hook of ${MATERIAL_TEXT[c.material].short}.`
          : `Pear-cut ${c.stone.name.toLowerCase()} drops in slim bezels, hung from French hooks of ${MATERIAL_TEXT[c.material].short}.`
        : `Polished discs in ${MATERIAL_TEXT[c.material].short} swing from French hooks and catch the light as they move.`,
    extra: (c) => ({ earring_type: 'Drop', closure_type: c.rng.pick(['French Hook', 'Lever Back']) }),
  },
];

const BODY_DESIGNS: Design[] = [
  {
    id: 'barbell',
    art: { category: 'body_jewelry', style: 'barbell' },
    mens: 0.5,
    weight: [0.8, 2],
    stoneCost: 9,
    labour: 4,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Tongue Barbell` : `${c.collection} Industrial Barbell`),
    lead: (c) =>
      c.stone
        ? `A straight barbell in implant-grade ${MATERIAL_TEXT[c.material].short} with a bezel-set ${c.stone.name.toLowerCase()} on the upper ball.`
        : `A long straight barbell in ${MATERIAL_TEXT[c.material].short} with threaded ball ends, sized for industrial piercings.`,
    extra: (c) =>
      c.stone
        ? { jewelry_type: 'Tongue Barbell', size: c.rng.pick(['14mm', '16mm', '19mm']), gauge: '14G' }
        : { jewelry_type: 'Industrial Barbell', size: c.rng.pick(['35mm', '38mm']), gauge: c.rng.pick(['14G', '16G']) },
  },
  {
    id: 'curved',
    art: { category: 'body_jewelry', style: 'curved' },
    weight: [1.2, 2.6],
    stoneCost: 12,
    labour: 5,
    name: (c) => `${c.collection} ${short(c.stone)} Belly Ring`,
    lead: (c) => `A curved navel barbell in ${MATERIAL_TEXT[c.material].short} with a bezel-set ${c.stone?.name.toLowerCase() ?? 'stone'} and a matching teardrop dangle.`,
    extra: (c) => ({ jewelry_type: 'Belly Ring', size: c.rng.pick(['10mm', '11mm']), gauge: '14G' }),
  },
  {
    id: 'ring',
    art: { category: 'body_jewelry', style: 'ring' },
    mens: 0.3,
    weight: [0.5, 1.6],
    stoneCost: 8,
    labour: 4,
    name: (c) => (c.stone ? `${c.collection} ${short(c.stone)} Captive Bead Ring` : `${c.collection} Seamless Septum Ring`),
    lead: (c) =>
      c.stone
        ? `A captive bead ring in ${MATERIAL_TEXT[c.material].short}; the tension-held bead carries a bright ${c.stone.name.toLowerCase()}.`
        : `A seamless ring in ${MATERIAL_TEXT[c.material].short} with a polished bead, for septum, cartilage or lobe.`,
    extra: (c) => ({
      jewelry_type: c.stone ? 'Captive Bead Ring' : c.rng.pick(['Septum Ring', 'Cartilage Hoop']),
      size: c.rng.pick(['8mm', '10mm', '12mm']),
      gauge: c.rng.pick(['16G', '18G']),
    }),
  },
  {
    id: 'stud',
    art: { category: 'body_jewelry', style: 'stud' },
    weight: [0.3, 0.9],
    stoneCost: 8,
    labour: 4,
    name: (c) => `${c.collection} ${short(c.stone)} ${c.rng.pick(['Labret Stud', 'Nose Stud', 'Flat Back Stud'])}`,
    lead: (c) => `A flat-back stud in ${MATERIAL_TEXT[c.material].short} topped with a bezel-set ${c.stone?.name.toLowerCase() ?? 'stone'}, comfortable for everyday wear.`,
    extra: (c, name) => ({
      jewelry_type: /Nose/.test(name) ? 'Nose Stud' : 'Labret Stud',
      size: c.rng.pick(['6mm', '8mm']),
      gauge: /Nose/.test(name) ? c.rng.pick(['18G', '20G']) : '16G',
    }),
  },
];

const DESIGNS: Record<Category, Design[]> = {
  rings: RING_DESIGNS,
  necklaces: NECKLACE_DESIGNS,
  bracelets: BRACELET_DESIGNS,
  earrings: EARRING_DESIGNS,
  body_jewelry: BODY_DESIGNS,
};

/** [design id, material, hue] per look: a curated spread of metals and stone colours. */
const LOOKS: Record<Category, ReadonlyArray<readonly [string, Material, Hue | null]>> = {
  rings: [
    ['solitaire', 'gold', 'clear'],
    ['solitaire', 'silver', 'blue'],
    ['solitaire', 'rose-gold', 'pink'],
    ['solitaire', 'gold', 'red'],
    ['halo', 'silver', 'clear'],
    ['halo', 'gold', 'green'],
    ['halo', 'rose-gold', 'clear'],
    ['band', 'gold', null],
    ['band', 'silver', 'clear'],
    ['band', 'rose-gold', null],
    ['signet', 'silver', 'black'],
    ['signet', 'gold', null],
  ],
  necklaces: [
    ['pendant-solitaire', 'gold', 'clear'],
    ['pendant-solitaire', 'silver', 'pearl'],
    ['pendant-halo', 'silver', 'blue'],
    ['pendant-drop', 'rose-gold', 'pink'],
    ['pendant-drop', 'silver', 'aqua'],
    ['pendant-heart', 'rose-gold', null],
    ['pendant-heart', 'gold', 'red'],
    ['pendant-disc', 'gold', null],
    ['pendant-bar', 'silver', null],
    ['chain-figaro', 'gold', null],
    ['chain-curb', 'silver', null],
    ['chain-rope', 'gold', null],
    ['chain-paperclip', 'rose-gold', null],
    ['chain-cable', 'gold', 'clear'],
  ],
  bracelets: [
    ['bangle', 'gold', null],
    ['bangle', 'silver', 'blue'],
    ['bangle', 'rose-gold', 'clear'],
    ['cuff', 'silver', null],
    ['cuff', 'gold', null],
    ['tennis', 'silver', 'clear'],
    ['tennis', 'gold', 'green'],
    ['tennis', 'rose-gold', 'pink'],
    ['link-figaro', 'gold', null],
    ['link-curb', 'silver', null],
    ['link-paperclip', 'rose-gold', null],
    ['link-cable', 'gold', 'pearl'],
  ],
  earrings: [
    ['stud', 'silver', 'clear'],
    ['stud', 'gold', 'blue'],
    ['stud', 'rose-gold', 'pink'],
    ['stud', 'gold', 'pearl'],
    ['stud', 'silver', null],
    ['hoop', 'gold', null],
    ['hoop', 'silver', 'clear'],
    ['huggie', 'rose-gold', 'clear'],
    ['huggie', 'gold', null],
    ['drop', 'gold', 'green'],
    ['drop', 'silver', 'pearl'],
    ['drop', 'rose-gold', null],
  ],
  body_jewelry: [
    ['barbell', 'silver', 'blue'],
    ['barbell', 'silver', null],
    ['barbell', 'gold', 'clear'],
    ['curved', 'silver', 'purple'],
    ['curved', 'gold', 'clear'],
    ['curved', 'rose-gold', 'pink'],
    ['ring', 'silver', null],
    ['ring', 'gold', 'clear'],
    ['ring', 'rose-gold', null],
    ['stud', 'silver', 'aqua'],
    ['stud', 'gold', 'clear'],
  ],
};

export const CATEGORY_ORDER: readonly Category[] = ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'];

export interface CatalogOptions {
  seed?: number;
  now?: Date;
  perCategory?: number;
}

const DAY = 86_400_000;
const money = (n: number) => Math.round(n * 100) / 100;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sizeKey = (s: string) => s.replace('.', '_');

/** Builds the whole catalog. Same seed and `now` give the same catalog, ids included. */
export function generateCatalog(opts: CatalogOptions = {}): Catalog {
  const seed = opts.seed ?? 2003;
  const now = (opts.now ?? new Date()).getTime();
  const perCategory = opts.perCategory ?? 40;
  const byCategory = {} as Record<Category, SeedProduct[]>;
  const products: SeedProduct[] = [];
  for (const category of CATEGORY_ORDER) {
    const rng = new Rng(`${seed}:${category}`);
    const list = generateCategory(category, rng, now, perCategory);
    byCategory[category] = list;
    products.push(...list);
  }
  return { products, byCategory };
}

function generateCategory(category: Category, rng: Rng, now: number, count: number): SeedProduct[] {
  const designs = DESIGNS[category];
  const looks: Look[] = LOOKS[category].map(([designId, material, hue]) => {
    const design = designs.find((d) => d.id === designId);
    if (!design) throw new Error(`no design ${designId} for ${category}`);
    return { category, design: designId, art: design.art, material, hue };
  });
  const collections = rng.shuffle(COLLECTIONS);
  const mensCollections = rng.shuffle(MENS_COLLECTIONS);
  // Every look is used; the remaining products spread over the looks at random.
  const assigned: Look[] = [];
  for (let i = 0; i < count; i++) assigned.push(i < looks.length ? looks[i]! : rng.pick(looks));
  const order = rng.shuffle(assigned);
  const out: SeedProduct[] = [];
  const prefix = SKU_PREFIX[category];
  let collectionIndex = 0;
  let mensIndex = 0;
  const seenNames = new Set<string>();

  for (const [i, look] of order.entries()) {
    const design = designs.find((d) => d.id === look.design)!;
    const id = rng.uuid();
    const isMens = design.mens !== undefined && rng.chance(design.mens);
    const stone = look.hue ? rng.pick(stonesOfHue(look.hue)) : null;
    let collection = '';
    let name = '';
    const ctxBase = { rng, stone, material: look.material, look };
    for (let attempt = 0; attempt < 5; attempt++) {
      collection = isMens && mensIndex < mensCollections.length ? mensCollections[mensIndex++]! : collections[collectionIndex++ % collections.length]!;
      name = design.name({ ...ctxBase, collection });
      if (!seenNames.has(name)) break;
    }
    seenNames.add(name);
    const ctx: Ctx = { ...ctxBase, collection };

    // A second stone is an alternative the buyer may choose instead of the first (Stone 1 / Stone 2).
    const secondName = stone && rng.chance(0.4) ? rng.pick((SECOND_STONE[stone.hue] ?? []).filter((n) => n !== stone.name)) : null;
    const second = secondName ? stoneByName(secondName) : null;
    const stoneDetails: Record<string, string> | null = stone ? (second ? { Stone1: stone.name, Stone2: second.name } : { Stone1: stone.name }) : null;

    const weight = money(rng.float(design.weight[0], design.weight[1]) * (isMens ? 1.25 : 1));
    const isNew = rng.chance(0.2);
    const ageDays = isNew ? rng.float(1, 28) : rng.float(32, 380);
    const createdAt = new Date(now - ageDays * DAY - rng.int(0, 86_399) * 1000);
    const moq = pickMoq(rng, category, look.material);

    const description = [design.lead(ctx), detailSentence(category, design, ctx), rng.pick(CLOSINGS)].filter(Boolean).join(' ');

    const row: Row = {
      id,
      name,
      sku: `${prefix}-${1001 + i * 7 + rng.int(0, 6)}`,
      description,
      material: look.material,
      stone: stone?.name ?? null,
      stone_details: stoneDetails,
      weight,
      moq,
      ...wholesaleTerms(i, moq, look.material),
      is_new_arrival: isNew,
      is_mens_jewelry: isMens,
      // One piece in twelve is made to order, in the 10 to 15 business days the Shipping & Returns page promises.
      ...(i % 12 === 7
        ? { lead_time_kind: 'made_to_order', lead_time_min: 2, lead_time_max: 3 }
        : { lead_time_kind: 'in_stock', lead_time_min: 2, lead_time_max: 2 }),
      created_at: createdAt,
      ...(design.extra?.(ctx, name) ?? {}),
    };

    const rate = RATE[look.material];
    const jitter = rng.float(0.95, 1.1);
    const stoneCost1 = stone ? design.stoneCost * stone.cost : 0;
    const stoneCost2 = second ? design.stoneCost * second.cost : 0;
    const piecePrice = (stoneCost: number, grams = weight) => money((design.labour + grams * rate + stoneCost) * jitter);

    switch (category) {
      case 'rings':
        row.is_adjustable = look.design !== 'signet' && rng.chance(0.15);
        // One ring in forty is awaiting a price: the shop shows it, but it cannot be added to a cart.
        row.price_stone1 = i % 40 === 17 ? null : piecePrice(stoneCost1);
        row.price_stone2 = second && row.price_stone1 !== null ? piecePrice(stoneCost2) : null;
        Object.assign(row, ringSizes(i, row.is_adjustable as boolean));
        break;
      case 'earrings':
      case 'body_jewelry':
        row.price_stone1 = piecePrice(stoneCost1);
        row.price_stone2 = second ? piecePrice(stoneCost2) : null;
        break;
      case 'necklaces':
        fillNecklace(row, rng, design, look, { weight, rate, jitter, stoneCost1, stoneCost2, hasSecond: !!second });
        break;
      case 'bracelets':
        fillBracelet(row, rng, design, look, { weight, rate, jitter, stoneCost1, stoneCost2, hasSecond: !!second });
        break;
    }

    // 2–4 images; rotating the starting view makes products of one look open on different angles.
    const imageCount = rng.weighted([
      [2, 3],
      [3, 4],
      [4, 3],
    ] as const);
    const start = rng.int(0, 3);
    const views = Array.from({ length: imageCount }, (_, k) => (start + k) % 4);
    out.push({ id, category, sku: row.sku as string, name, row, look, views });
  }
  return out;
}

/**
 * A ring's sizes: none when adjustable; most offer US 5 to 9 by halves; one in five a wider 4 to 13, the larger sizes
 * (10 and up) costing $3.00 more. Decided by position, so the rest of the catalog stays as it was.
 */
function ringSizes(i: number, adjustable: boolean): Row {
  if (adjustable) return { sizes: [], size_surcharge: null, size_surcharge_from: null };
  if (i % 5 !== 2) return { sizes: [...DEFAULT_RING_SIZES], size_surcharge: null, size_surcharge_from: null };
  return { sizes: RING_SIZES.filter((s) => Number(s) >= 4 && Number(s) <= 13), size_surcharge: 3, size_surcharge_from: '10' };
}

interface PriceInputs {
  weight: number;
  rate: number;
  jitter: number;
  stoneCost1: number;
  stoneCost2: number;
  hasSecond: boolean;
}

/** Fills n_price_* and b_price_* so that the family scales with length, with a few sizes deliberately missing. */
function fillNecklace(row: Row, rng: Rng, design: Design, look: Look, p: PriceInputs): void {
  const isChain = look.art.category === 'necklaces' && look.art.style === 'chain';
  const pendantGrams = isChain ? 0 : p.weight * 0.55;
  const gramsPerInch = (p.weight - pendantGrams) / 18;
  const adjustable = !isChain && rng.chance(0.3);
  const crossBracelet = isChain && rng.chance(0.5);
  row.is_adjustable = adjustable;
  row.is_bracelet = crossBracelet;
  row.chain_length = adjustable ? '16"-20" adjustable' : `${rng.pick(['18', '18', '20', '22', '24'])}"`;
  row.clasp_type = adjustable ? 'Sliding Bead' : isChain && look.material !== 'silver' && rng.chance(0.3) ? 'Box Clasp' : rng.pick(['Lobster Clasp', 'Lobster Clasp', 'Spring Ring']);
  const price = (inches: number, stoneCost: number) => money((design.labour + (pendantGrams + gramsPerInch * inches) * p.rate + stoneCost) * p.jitter);
  const lengths = adjustable ? ['16', '18', '20'] : [...NECKLACE_LENGTHS];
  const missing = adjustable ? new Set<string>() : gaps(rng, NECKLACE_LENGTHS, ['18'], 0.4);
  for (const len of NECKLACE_LENGTHS) {
    const has = lengths.includes(len) && !missing.has(len);
    row[`n_price_${len}_stone1`] = has ? price(Number(len), p.stoneCost1) : null;
    row[`n_price_${len}_stone2`] = has && p.hasSecond ? price(Number(len), p.stoneCost2) : null;
  }
  const bMissing = gaps(rng, BRACELET_SIZES, ['7'], 0.4);
  for (const size of BRACELET_SIZES) {
    const has = crossBracelet && !bMissing.has(size);
    row[`b_price_${sizeKey(size)}_stone1`] = has ? price(Number(size), p.stoneCost1 * 0.5) : null;
    row[`b_price_${sizeKey(size)}_stone2`] = has && p.hasSecond ? price(Number(size), p.stoneCost2 * 0.5) : null;
  }
}

function fillBracelet(row: Row, rng: Rng, design: Design, look: Look, p: PriceInputs): void {
  const isLink = look.art.category === 'bracelets' && look.art.style === 'link';
  const isTennis = look.art.category === 'bracelets' && look.art.style === 'tennis';
  const crossNecklace = isLink && rng.chance(0.5);
  const adjustable = (isLink || isTennis) && rng.chance(0.25);
  row.is_adjustable = adjustable;
  row.is_necklace = crossNecklace;
  if (adjustable) row.clasp_type = 'Sliding Bead';
  const gramsPerInch = p.weight / 7;
  // Stones scale with length on a tennis bracelet; solid bangles change little between sizes.
  const price = (inches: number, stoneCost: number) =>
    money((design.labour + gramsPerInch * inches * p.rate + stoneCost * (isTennis ? inches / 7 : 1)) * p.jitter);
  const missing = gaps(rng, BRACELET_SIZES, ['7'], 0.4);
  for (const size of BRACELET_SIZES) {
    const has = !missing.has(size);
    row[`b_price_${sizeKey(size)}_stone1`] = has ? price(Number(size), p.stoneCost1) : null;
    row[`b_price_${sizeKey(size)}_stone2`] = has && p.hasSecond ? price(Number(size), p.stoneCost2) : null;
  }
  const nMissing = gaps(rng, NECKLACE_LENGTHS, ['18'], 0.4);
  for (const len of NECKLACE_LENGTHS) {
    const has = crossNecklace && !nMissing.has(len);
    row[`n_price_${len}_stone1`] = has ? price(Number(len), p.stoneCost1 * 1.6) : null;
    row[`n_price_${len}_stone2`] = has && p.hasSecond ? price(Number(len), p.stoneCost2 * 1.6) : null;
  }
}

/** With probability p, one or two sizes (never the page's default size) have no price. */
function gaps(rng: Rng, sizes: readonly string[], keep: readonly string[], p: number): Set<string> {
  const out = new Set<string>();
  if (!rng.chance(p)) return out;
  const candidates = sizes.filter((s) => !keep.includes(s));
  const n = rng.chance(0.6) ? 1 : 2;
  for (const s of rng.shuffle(candidates).slice(0, n)) out.add(s);
  return out;
}

/**
 * Pack sizes and volume breaks, taken from the product's place and MOQ rather than drawn, so the rest of the catalog
 * stays as it was: silver pieces with a MOQ of 6 or 12 are sold in sixes every other product, and one product in
 * three has breaks.
 */
function wholesaleTerms(i: number, moq: number, material: Material): Row {
  // Every row names both columns: rows are inserted together, and a missing key would be written as null.
  const terms: Row = { pack_size: 1, price_breaks: [] };
  if (material === 'silver' && moq % 6 === 0 && i % 2 === 0) terms.pack_size = 6;
  if (i % 3 === 1) terms.price_breaks = [
      { minQuantity: 24, percentOff: 5 },
      { minQuantity: 48, percentOff: 10 },
      { minQuantity: 96, percentOff: 15 },
    ];
  return terms;
}

function pickMoq(rng: Rng, category: Category, material: Material): number {
  if (category === 'body_jewelry') return rng.weighted([[3, 1], [5, 2], [6, 2], [10, 3], [12, 3]] as const);
  if (material !== 'silver') return rng.weighted([[1, 5], [2, 3], [3, 2], [5, 1], [6, 1]] as const);
  return rng.weighted([[1, 2], [2, 2], [3, 2], [5, 3], [6, 2], [10, 2], [12, 2]] as const);
}

function detailSentence(category: Category, design: Design, c: Ctx): string {
  switch (category) {
    case 'rings':
      // Rings are sold without a size choice, so no sentence promises one.
      return design.id === 'signet' ? 'Hand-finished with a softly rounded shank.' : c.rng.pick(['Comfort-fit inside edge for all-day wear.', 'Polished inside and out for a smooth, comfortable fit.', 'A low, snag-free setting that suits everyday wear.']);
    case 'necklaces':
      return c.rng.pick(['Offered in a range of lengths to layer or wear alone.', 'Finished with a secure clasp and a maker\'s tag.', 'Packed in a tarnish-resistant pouch, ready for display.']);
    case 'bracelets':
      return c.rng.pick(['Each available size is priced on its own.', 'Weighted to sit well and move with the wrist.', 'Stack it with plain bangles or wear it alone.']);
    case 'earrings':
      return c.rng.pick(['Sold as a pair.', 'Sold as a pair, with spare backs included.', 'Light enough for all-day wear.']);
    case 'body_jewelry':
      return c.rng.pick(['Internally threaded and polished for a smooth insertion.', 'Supplied sterile-packed in individual pouches.', 'Mirror-polished to a smooth finish.']);
  }
}

/** The art spec for one image of a product. */
export function artFor(product: SeedProduct, view: number): ArtSpec {
  return { ...product.look.art, material: product.look.material, hue: product.look.hue, view } as ArtSpec;
}
