'use client';
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

const REFRESH_MS = 2000;
const MAX_REFRESHES = 30;

/** Shown while the payment is still being confirmed: asks the server again every 2 s, for a minute at most. */
export function PaymentProcessing() {
  const router = useRouter();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries >= MAX_REFRESHES) return;
    const timer = setTimeout(() => {
      router.refresh();
      setTries((n) => n + 1);
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [router, tries]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center" role="status" aria-live="polite">
      {tries < MAX_REFRESHES && <Loader2 aria-hidden className="size-10 animate-spin text-gold-dark" />}
      <h1 className="mt-6 text-3xl sm:text-4xl">Payment processing</h1>
      <p className="mt-3 text-ink-soft">
        {tries < MAX_REFRESHES
          ? 'We are confirming your payment. This page updates by itself.'
          : 'Your payment is taking longer than usual to confirm. Please refresh this page in a few minutes.'}
      </p>
    </div>
  );
}
