import localFont from 'next/font/local';

// Self-hosted from npm font packages: nothing is fetched at build time.
export const sans = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-sans',
  display: 'swap',
  weight: '100 900',
});

export const serif = localFont({
  src: [
    { path: '../node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2', style: 'normal' },
    { path: '../node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-italic.woff2', style: 'italic' },
  ],
  variable: '--font-serif',
  display: 'swap',
  weight: '300 700',
});
