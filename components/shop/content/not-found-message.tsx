import Link from '@/components/shop/shop-link';
import { CONTENT_NOT_FOUND } from '@/lib/content/format';

/** 'Page Not Found' with the 'Return to Home' button. */
export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32">
      <p className="font-serif text-7xl text-gold-dark" aria-hidden>
        404
      </p>
      <h1 className="mt-4 font-serif text-4xl font-medium text-ink">{CONTENT_NOT_FOUND.title}</h1>
      <p className="mt-3 text-stone-muted">{CONTENT_NOT_FOUND.message}</p>
      <Link
        href="/"
        className="btn-primary mt-8 rounded-sm px-7"
      >
        {CONTENT_NOT_FOUND.action}
      </Link>
    </div>
  );
}
