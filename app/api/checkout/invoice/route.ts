// POST /api/checkout/invoice — places the buyer's open checkout as an order on payment terms (lib/terms/place.ts):
// no card; a Stripe invoice collects it. Only a signed-in buyer of an account with terms, from the browser that
// started the checkout, after its addresses were saved (POST /api/checkout/address) at the total they were shown.
import { after } from 'next/server';
import { z } from 'zod';
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { CheckoutError } from '@/lib/checkout/errors';
import { browserCheckoutIds } from '@/lib/checkout/cookie-store';
import { readJsonCapped } from '@/lib/core/request-body';
import { describeIssues } from '@/lib/core/errors';
import { revalidateAfterCommit } from '@/lib/core/cache/revalidate';
import { ADMIN_DASHBOARD_TAG } from '@/lib/core/cache/tags';
import { defineRoute } from '@/lib/entry/define-route';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { wakeMailSender } from '@/lib/mail/sender';
import { finishOrderOnTerms, placeOrderOnTerms } from '@/lib/terms/place';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const placeSchema = z.object({ checkoutId: z.string().uuid() }).strict();

export const POST = defineRoute(
  {
    name: 'checkout.invoice',
    access: 'user',
    failure: 'The order could not be placed. Please try again.',
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request, { user }) => {
    const parsed = placeSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new CheckoutError(400, 'invalid_request', `Invalid request: ${describeIssues(parsed.error)}`);
    if (!(await browserCheckoutIds()).includes(parsed.data.checkoutId)) {
      throw new CheckoutError(404, 'not_found', 'This checkout was not found. Please reload the page.');
    }
    const placed = await placeOrderOnTerms({ checkoutId: parsed.data.checkoutId, userId: user!.id });
    revalidateAfterCommit([ADMIN_DASHBOARD_TAG]);
    wakeMailSender();
    // The buyer has their order now; the Stripe invoice follows (its mail is queued when it is sent).
    after(async () => {
      await finishOrderOnTerms(placed.orderId);
      wakeMailSender();
    });
    return Response.json({ ok: true, ...placed }, { headers: { 'cache-control': 'no-store' } });
  },
);
