'use client';
// ShopLink, not next/link: next/link's code would come with it.
import Link from '@/components/shop/shop-link';
import { TryAgainButton } from './try-again-button';
import { useLogError, type ErrorBoundaryProps } from './lazy-error-boundary';

/** The body of app/error.tsx, the boundary for anything a nearer boundary did not catch. */
export default function AppErrorBody({ error, reset }: ErrorBoundaryProps) {
  useLogError(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl font-medium text-ink">Unexpected Application Error!</h1>
      <p className="mt-3 break-words text-stone-muted">{error.message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <TryAgainButton onClick={reset} />
        <Link href="/" className="inline-flex h-11 items-center rounded-sm border border-stone-line px-6 text-sm text-ink hover:border-ink">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
