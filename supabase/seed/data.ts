// Word lists for the generated catalog and order history: collection names, stones, people and places.
import type { Hue } from './art/core';

export interface StoneInfo {
  name: string;
  hue: Hue;
  /** Relative cost of a centre stone of this kind (cubic zirconia ≈ 0.2, diamond = 3). */
  cost: number;
}

export const STONES: readonly StoneInfo[] = [
  { name: 'Diamond', hue: 'clear', cost: 3 },
  { name: 'Lab-Grown Diamond', hue: 'clear', cost: 1.7 },
  { name: 'Moissanite', hue: 'clear', cost: 1.1 },
  { name: 'White Sapphire', hue: 'clear', cost: 0.8 },
  { name: 'Cubic Zirconia', hue: 'clear', cost: 0.2 },
  { name: 'Sapphire', hue: 'blue', cost: 2 },
  { name: 'London Blue Topaz', hue: 'blue', cost: 0.6 },
  { name: 'Tanzanite', hue: 'blue', cost: 1.8 },
  { name: 'Blue Topaz', hue: 'aqua', cost: 0.5 },
  { name: 'Aquamarine', hue: 'aqua', cost: 1 },
  { name: 'Ruby', hue: 'red', cost: 2.2 },
  { name: 'Garnet', hue: 'red', cost: 0.5 },
  { name: 'Emerald', hue: 'green', cost: 2.2 },
  { name: 'Peridot', hue: 'green', cost: 0.5 },
  { name: 'Amethyst', hue: 'purple', cost: 0.45 },
  { name: 'Pink Sapphire', hue: 'pink', cost: 1.5 },
  { name: 'Morganite', hue: 'pink', cost: 0.9 },
  { name: 'Rose Quartz', hue: 'pink', cost: 0.3 },
  { name: 'Citrine', hue: 'yellow', cost: 0.4 },
  { name: 'Yellow Sapphire', hue: 'yellow', cost: 1.4 },
  { name: 'Black Onyx', hue: 'black', cost: 0.3 },
  { name: 'Black Spinel', hue: 'black', cost: 0.55 },
  { name: 'Freshwater Pearl', hue: 'pearl', cost: 0.4 },
  { name: 'Akoya Pearl', hue: 'pearl', cost: 1 },
];

export function stonesOfHue(hue: Hue): StoneInfo[] {
  return STONES.filter((s) => s.hue === hue);
}

/** The usual alternative offered as Stone 2 for a centre stone of a hue (a diamond upgrade, or a lab-grown option). */
export const SECOND_STONE: Partial<Record<Hue, readonly string[]>> = {
  clear: ['Lab-Grown Diamond', 'Moissanite', 'Diamond', 'White Sapphire'],
  blue: ['Diamond', 'White Sapphire', 'Lab-Grown Diamond'],
  aqua: ['White Sapphire', 'Diamond', 'Blue Topaz'],
  red: ['Diamond', 'Garnet', 'White Sapphire'],
  green: ['Diamond', 'White Sapphire', 'Peridot'],
  purple: ['Diamond', 'White Sapphire'],
  pink: ['Diamond', 'Morganite', 'White Sapphire'],
  yellow: ['Diamond', 'White Sapphire'],
  black: ['Black Spinel', 'Diamond'],
  pearl: ['Akoya Pearl', 'Freshwater Pearl'],
};

export function stoneByName(name: string): StoneInfo {
  const s = STONES.find((x) => x.name === name);
  if (!s) throw new Error(`unknown stone ${name}`);
  return s;
}

/** Collection names: short, soft, a little French or Latin, as a maker's lines tend to be. */
export const COLLECTIONS: readonly string[] = [
  'Celestine', 'Aurora', 'Seraphina', 'Lumière', 'Marigold', 'Elysian', 'Vesper', 'Isadora', 'Ondine', 'Solène',
  'Calla', 'Juniper', 'Maris', 'Talia', 'Amara', 'Estelle', 'Linnea', 'Sabine', 'Noor', 'Delphine',
  'Rosalind', 'Ophelia', 'Wren', 'Halcyon', 'Verity', 'Corinna', 'Liora', 'Margaux', 'Celia', 'Inès',
  'Bellamy', 'Cassia', 'Eloise', 'Florin', 'Gemma', 'Hestia', 'Iris', 'Josephine', 'Kaia', 'Larkin',
  'Mireille', 'Nerissa', 'Odette', 'Perrin', 'Quinn', 'Rhea', 'Sienna', 'Thalia', 'Ursa', 'Vivienne',
  'Winslow', 'Xanthe', 'Yvaine', 'Zephyr', 'Astor', 'Beaumont', 'Carrington', 'Dorset', 'Everly', 'Fairfax',
];

/** Collection names for the men's lines. */
export const MENS_COLLECTIONS: readonly string[] = [
  'Hudson', 'Sterling', 'Ashford', 'Kingsley', 'Granite', 'Harbor', 'Maverick', 'Brennan', 'Thornton', 'Carver',
  'Barrett', 'Lawson', 'Mercer', 'Ridley', 'Sawyer', 'Walker',
];

export const FIRST_NAMES: readonly string[] = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Charlotte', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily',
  'Ella', 'Grace', 'Chloe', 'Victoria', 'Riley', 'Aria', 'Lily', 'Zoe', 'Nora', 'Hannah', 'Leah', 'Stella',
  'Hazel', 'Aurora', 'Lucy', 'Audrey', 'Claire', 'Naomi', 'Priya', 'Mei', 'Sofia', 'Camila', 'Elena', 'Yasmin',
  'James', 'Liam', 'Noah', 'William', 'Benjamin', 'Lucas', 'Henry', 'Alexander', 'Daniel', 'Michael', 'Ethan',
  'Samuel', 'David', 'Joseph', 'Owen', 'Gabriel', 'Julian', 'Mateo', 'Rafael', 'Omar', 'Wei', 'Arjun',
];

export const LAST_NAMES: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson',
  'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill',
  'Green', 'Adams', 'Nelson', 'Baker', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Nguyen', 'Kim',
  'Chen', 'Okafor', 'Rossi', 'Novak', 'Bennett', 'Hayes', 'Foster', 'Sullivan', 'Brooks', 'Reyes', 'Morgan',
];

export interface Place {
  city: string;
  state: string;
  zip: string;
  area: string;
}

export const PLACES: readonly Place[] = [
  { city: 'New York', state: 'NY', zip: '10012', area: '212' },
  { city: 'Brooklyn', state: 'NY', zip: '11211', area: '718' },
  { city: 'Boston', state: 'MA', zip: '02116', area: '617' },
  { city: 'Philadelphia', state: 'PA', zip: '19103', area: '215' },
  { city: 'Washington', state: 'DC', zip: '20007', area: '202' },
  { city: 'Charleston', state: 'SC', zip: '29401', area: '843' },
  { city: 'Savannah', state: 'GA', zip: '31401', area: '912' },
  { city: 'Atlanta', state: 'GA', zip: '30309', area: '404' },
  { city: 'Miami', state: 'FL', zip: '33139', area: '305' },
  { city: 'Naples', state: 'FL', zip: '34102', area: '239' },
  { city: 'Nashville', state: 'TN', zip: '37203', area: '615' },
  { city: 'Chicago', state: 'IL', zip: '60611', area: '312' },
  { city: 'Minneapolis', state: 'MN', zip: '55401', area: '612' },
  { city: 'Austin', state: 'TX', zip: '78701', area: '512' },
  { city: 'Dallas', state: 'TX', zip: '75201', area: '214' },
  { city: 'Houston', state: 'TX', zip: '77006', area: '713' },
  { city: 'Denver', state: 'CO', zip: '80202', area: '303' },
  { city: 'Aspen', state: 'CO', zip: '81611', area: '970' },
  { city: 'Santa Fe', state: 'NM', zip: '87501', area: '505' },
  { city: 'Scottsdale', state: 'AZ', zip: '85251', area: '480' },
  { city: 'San Diego', state: 'CA', zip: '92101', area: '619' },
  { city: 'Los Angeles', state: 'CA', zip: '90036', area: '323' },
  { city: 'San Francisco', state: 'CA', zip: '94110', area: '415' },
  { city: 'Carmel-by-the-Sea', state: 'CA', zip: '93921', area: '831' },
  { city: 'Portland', state: 'OR', zip: '97209', area: '503' },
  { city: 'Seattle', state: 'WA', zip: '98101', area: '206' },
  { city: 'Honolulu', state: 'HI', zip: '96815', area: '808' },
  { city: 'Park City', state: 'UT', zip: '84060', area: '435' },
];

export const STREETS: readonly string[] = [
  'Main Street', 'Market Street', 'King Street', 'Broadway', 'Elm Street', 'Maple Avenue', 'Harbor Road',
  'Lexington Avenue', 'Bleecker Street', 'Mercer Street', 'Newbury Street', 'Chestnut Street', 'Magnolia Avenue',
  'Ocean Drive', 'Fifth Avenue', 'Pearl Street', 'Water Street', 'Union Street', 'Larimer Street', 'Canyon Road',
  'Sunset Boulevard', 'Fillmore Street', 'Pike Street', 'Congress Avenue', 'Peachtree Street', 'Royal Street',
];

export const BOUTIQUE_WORDS: readonly string[] = [
  'Boutique', 'Jewelers', 'Gallery', 'Atelier', 'Goods', 'Studio', 'Collective', 'Mercantile', 'Gift Shop', 'Co.',
];
