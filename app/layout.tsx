import type { Metadata, Viewport } from 'next';
import { sans, serif } from './fonts';
import { Providers } from '@/components/providers';
// The one stylesheet of every page; it also compiles the storefront's component CSS files (see its imports).
import './globals.css';

const siteUrl = process.env.SITE_URL || 'http://localhost:3000';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: 'Aurelia Fine Jewelry — Wholesale Jewelry Since 2003', template: '%s | Aurelia Fine Jewelry' },
  description:
    'Wholesale rings, necklaces, bracelets, earrings and body jewelry in silver, gold and rose gold. Made by hand since 2003, with custom design and quality assurance.',
  openGraph: { siteName: 'Aurelia Fine Jewelry', type: 'website', locale: 'en_US' },
};

export const viewport: Viewport = { themeColor: '#faf8f5', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={`${sans.variable} ${serif.variable}`}>
      <body className="min-h-screen">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
