// POST /api/quotes/{id}/checkout — 'Accept and pay': { token? } in (the quote link's t=, or the owner's session);
// the checkout priced from the quote record out, as /api/checkout/session answers for a cart.
import { z } from 'zod';
import { getCurrentUser } from '@/lib/auth/user';
import { MAX_CHECKOUT_BODY_BYTES, type CheckoutSessionResponse } from '@/lib/checkout/api';
import { rememberCheckout } from '@/lib/checkout/cookie-store';
import { SETUP_FAILED_FALLBACK } from '@/lib/checkout/errors';
import { describeIssues, HttpError } from '@/lib/core/errors';
import { readJsonCapped } from '@/lib/core/request-body';
import { text } from '@/lib/core/validation/text';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { defineRoute } from '@/lib/entry/define-route';
import { startQuoteCheckout } from '@/lib/quotes/checkout';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The link's token, as text: control characters are refused like any typed field's (it is then checked by its HMAC).
const bodySchema = z.object({ token: text({ max: 64, label: 'The quote link' }).nullish() });

export const POST = defineRoute<{ quoteId: string }>(
  {
    name: 'quotes.checkout',
    access: 'public',
    failure: SETUP_FAILED_FALLBACK,
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request, { params }) => {
    const parsed = bodySchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error), 'invalid_request');
    const { quoteId } = params;
    const user = await getCurrentUser().catch(() => null);
    const session = await startQuoteCheckout({ quoteId, token: parsed.data.token ?? null, userId: user?.id ?? null });
    await rememberCheckout(session.checkoutId);
    const body: CheckoutSessionResponse = session;
    return Response.json(body, { headers: { 'cache-control': 'no-store' } });
  },
);
