import { DeferredImageGuard, DeferredScrollToTop } from '@/components/shop/frame-effects';
import { Footer } from '@/components/shop/footer/footer';
import { Header } from '@/components/shop/header/header';

/**
 * The storefront shell: header, main content and footer on every shop page. It reads no cookies, so catalog pages
 * can be served from the cache; the header finds the session in the browser.
 */
export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        {children}
      </main>
      <Footer />
      <DeferredScrollToTop />
      <DeferredImageGuard />
    </>
  );
}
