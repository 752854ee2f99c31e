import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { currentCustomerPrefill } from '@/lib/account/checkout-details';
import { env } from '@/lib/core/env';
import { isLocalStripe, publicEnv } from '@/lib/core/env.public';
import { quoteForVisitor } from '@/lib/quotes/page';
import { quotePath } from '@/lib/quotes/link';

export const metadata: Metadata = { title: 'Pay for your quote', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ quoteId: string }>;
  searchParams: Promise<{ t?: string | string[] }>;
}

// The checkout page, priced from the quote record on the server (POST /api/quotes/{id}/checkout).
export default async function QuotePayPage({ params, searchParams }: Props) {
  const [{ quoteId }, { t }] = await Promise.all([params, searchParams]);
  const token = typeof t === 'string' ? t : null;
  const [quote, prefill] = await Promise.all([quoteForVisitor(quoteId, token), currentCustomerPrefill()]);
  if (!quote) notFound();
  const standIn = isLocalStripe ? (env().STRIPE_API_BASE ?? null) : null;
  return (
    <CheckoutView
      publishableKey={publicEnv.stripePublishableKey}
      standInApiBase={standIn}
      prefill={prefill}
      quote={{ id: quote.id, reference: quote.reference, token, backHref: quotePath(quote.id, token) }}
    />
  );
}
