'use client';
import './globals.css';

/** Last-resort boundary when the root layout itself fails: a self-contained page. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <main className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="font-serif text-4xl font-medium text-ink">Unexpected Application Error!</h1>
          <p className="mt-3 break-words text-stone-muted">{error.message}</p>
          <button
            type="button"
            onClick={reset}
            className="mt-8 inline-flex h-11 items-center rounded-sm bg-ink px-6 text-sm font-medium text-ivory"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
