// POST /api/checkout/address — saves the buyer's shipping and billing address onto their open checkout (and its
// PaymentIntent) before the card is charged. Only the browser that started the checkout may do this.
import { emptyAddress } from '@/lib/checkout/address';
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { saveAddressesSchema } from '@/lib/checkout/address-schema';
import { ADDRESS_SAVE_FAILED, CheckoutError } from '@/lib/checkout/errors';
import { browserCheckoutIds } from '@/lib/checkout/http';
import { saveCheckoutAddresses } from '@/lib/checkout/server';
import { readJsonCapped } from '@/lib/http/body';
import { describeIssues } from '@/lib/http/errors';
import { defineRoute } from '@/lib/http/route';
import { clientAddress, RATE_RULES } from '@/lib/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'checkout.address',
    access: 'public',
    failure: ADDRESS_SAVE_FAILED,
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutAddressPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = saveAddressesSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new CheckoutError(400, 'invalid_request', `Invalid address: ${describeIssues(parsed.error)}`);
    const { checkoutId, sameAsShipping, shipping, billing } = parsed.data;
    await saveCheckoutAddresses({
      checkoutId,
      allowedCheckoutIds: await browserCheckoutIds(),
      addresses: { shipping, billing: billing ?? emptyAddress(), sameAsShipping },
    });
    return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
  },
);
