// Writes the storefront's two variable fonts, cut down to Latin-1 (precomposed accented letters included, so
// 'Lumière' is drawn with the font's own è) plus typographic punctuation, and to the weights the shop uses.
//   node --import tsx scripts/subset-fonts.ts   (run again after updating the @fontsource-variable packages)
// The results are committed in app/fonts/ and loaded by app/fonts.ts through next/font/local.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { PROJECT_ROOT } from '../local-stack/config';

const ranges: Array<[number, number]> = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement: é, è, ê, à, ñ, ü, ×, ·, ©…
  [0x152, 0x153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2032, 0x2033], // ′ ″
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x2212, 0x2212], // −
];
export const SUBSET_TEXT = ranges
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .join('');

const FONTS = [
  {
    from: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    to: 'app/fonts/inter-latin1-wght.woff2',
    wght: { min: 400, max: 600 },
  },
  {
    from: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    to: 'app/fonts/cormorant-garamond-latin1-wght.woff2',
    wght: { min: 400, max: 600 },
  },
];

for (const font of FONTS) {
  const source = await readFile(join(PROJECT_ROOT, 'node_modules', font.from));
  const subset = await subsetFont(source, SUBSET_TEXT, { targetFormat: 'woff2', variationAxes: { wght: font.wght } });
  await writeFile(join(PROJECT_ROOT, font.to), subset);
  console.log(`${font.to}: ${source.length} → ${subset.length} bytes`);
}
