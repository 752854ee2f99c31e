import localFont from 'next/font/local';

// Self-hosted: Inter and Cormorant Garamond from the @fontsource-variable packages, cut to Latin-1 and weights
// 400-600 by scripts/subset-fonts.ts (their bytes: measured by npm run lighthouse). No italic face: the shop sets no italic text.
export const sans = localFont({
  src: './fonts/inter-latin1-wght.woff2',
  variable: '--font-sans',
  display: 'swap',
  weight: '400 600',
});

export const serif = localFont({
  src: './fonts/cormorant-garamond-latin1-wght.woff2',
  variable: '--font-serif',
  display: 'swap',
  weight: '400 600',
});
