// POST /api/checkout/session — cart lines in; server-priced lines, total and the PaymentIntent's client secret out,
// and the payment terms a trade buyer may order on instead.
import { getCurrentUser } from '@/lib/auth/user';
import type { CheckoutSessionResponse } from '@/lib/checkout/api';
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { CheckoutError, EMPTY_CART_MESSAGE, SETUP_FAILED_FALLBACK } from '@/lib/checkout/errors';
import { rememberCheckout } from '@/lib/checkout/cookie-store';
import { checkoutRequestSchema } from '@/lib/checkout/lines';
import { createCheckout } from '@/lib/checkout/server';
import { readJsonCapped } from '@/lib/core/request-body';
import { describeIssues } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { termsOffer } from '@/lib/terms/account';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'checkout.session',
    access: 'public',
    failure: SETUP_FAILED_FALLBACK,
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = checkoutRequestSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new CheckoutError(400, 'invalid_request', `Invalid cart: ${describeIssues(parsed.error)}`);
    if (parsed.data.lines.length === 0) throw new CheckoutError(400, 'empty_cart', EMPTY_CART_MESSAGE);
    const user = await getCurrentUser().catch(() => null);
    const session = await createCheckout({ lines: parsed.data.lines, userId: user?.id ?? null });
    await rememberCheckout(session.checkoutId);
    // A buyer whose trade account has payment terms may also order by invoice (lib/terms).
    const body: CheckoutSessionResponse = { ...session, terms: user ? await termsOffer(user.id) : null };
    return Response.json(body, { headers: { 'cache-control': 'no-store' } });
  },
);
