// POST /api/checkout/session — cart lines in; server-priced lines, total and the PaymentIntent's client secret out.
import { getCurrentUser } from '@/lib/auth/user';
import type { CheckoutSessionResponse } from '@/lib/checkout/api';
import { CheckoutError, EMPTY_CART_MESSAGE, SETUP_FAILED_FALLBACK } from '@/lib/checkout/errors';
import { errorResponse, handleError, readJson, rememberCheckout } from '@/lib/checkout/http';
import { checkoutRequestSchema, describeIssues } from '@/lib/checkout/lines';
import { createCheckout } from '@/lib/checkout/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  try {
    const parsed = checkoutRequestSchema.safeParse(await readJson(request));
    if (!parsed.success) {
      return errorResponse(400, { error: `Invalid cart: ${describeIssues(parsed.error)}`, code: 'invalid_request' });
    }
    if (parsed.data.lines.length === 0) throw new CheckoutError(400, 'empty_cart', EMPTY_CART_MESSAGE);
    const user = await getCurrentUser().catch(() => null);
    const session = await createCheckout({ lines: parsed.data.lines, userId: user?.id ?? null });
    await rememberCheckout(session.checkoutId);
    const body: CheckoutSessionResponse = session;
    return Response.json(body, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return handleError(err, SETUP_FAILED_FALLBACK);
  }
}
