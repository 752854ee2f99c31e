import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { QuoteView } from '@/components/quotes/quote-view';
import { quoteForVisitor, quoteOrderHref } from '@/lib/quotes/page';
import { quotePath } from '@/lib/quotes/link';
import { env } from '@/lib/core/env';

export const metadata: Metadata = { title: 'Your Quote', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ quoteId: string }>;
  searchParams: Promise<{ t?: string | string[] }>;
}

export default async function QuotePage({ params, searchParams }: Props) {
  const [{ quoteId }, { t }] = await Promise.all([params, searchParams]);
  const token = typeof t === 'string' ? t : null;
  const quote = await quoteForVisitor(quoteId, token);
  // Not this visitor's, or no such quote: the same 404, so an id reveals nothing.
  if (!quote) notFound();
  return (
    <QuoteView
      quote={quote}
      payHref={`${quotePath(quote.id)}/pay${token ? `?t=${encodeURIComponent(token)}` : ''}`}
      orderHref={quoteOrderHref(quote, token)}
      timeZone={env().SHOP_TIME_ZONE}
    />
  );
}
