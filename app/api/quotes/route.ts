// POST /api/quotes — a quote request: { lines (as a cart sends them), message?, contact? (guests: name, email,
// phone) } in; { id, reference, path } out, the path carrying the signed token that opens the quote on any device.
import { getCurrentUser } from '@/lib/auth/user';
import { describeIssues, HttpError } from '@/lib/core/errors';
import { readJsonCapped } from '@/lib/core/request-body';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { defineRoute } from '@/lib/entry/define-route';
import { wakeMailSender } from '@/lib/mail/sender';
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { quotePath } from '@/lib/quotes/link';
import { requestQuote } from '@/lib/quotes/request';
import { quoteRequestSchema } from '@/lib/quotes/schema';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'quotes.request',
    access: 'public',
    failure: 'Could not send your quote request. Please try again.',
    rateLimit: (request) => [{ rule: RATE_RULES.quoteRequestPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = quoteRequestSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error), 'invalid_request');
    const user = await getCurrentUser().catch(() => null);
    const quote = await requestQuote(parsed.data, user?.email ? { userId: user.id, email: user.email } : null);
    wakeMailSender();
    return Response.json(
      { id: quote.id, reference: quote.reference, path: quotePath(quote.id, quote.token) },
      { status: 201, headers: { 'cache-control': 'no-store' } },
    );
  },
);
