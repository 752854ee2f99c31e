// POST /api/checkout/address — saves the buyer's shipping and billing address onto their open checkout (and its
// PaymentIntent) before the card is charged. Only the browser that started the checkout may do this.
import { emptyAddress } from '@/lib/checkout/address';
import { saveAddressesSchema } from '@/lib/checkout/address-schema';
import { ADDRESS_SAVE_FAILED } from '@/lib/checkout/errors';
import { browserCheckoutIds, errorResponse, handleError, readJson } from '@/lib/checkout/http';
import { describeIssues } from '@/lib/checkout/lines';
import { saveCheckoutAddresses } from '@/lib/checkout/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  try {
    const parsed = saveAddressesSchema.safeParse(await readJson(request));
    if (!parsed.success) {
      return errorResponse(400, { error: `Invalid address: ${describeIssues(parsed.error)}`, code: 'invalid_request' });
    }
    const { checkoutId, sameAsShipping, shipping, billing } = parsed.data;
    await saveCheckoutAddresses({
      checkoutId,
      allowedCheckoutIds: await browserCheckoutIds(),
      addresses: { shipping, billing: billing ?? emptyAddress(), sameAsShipping },
    });
    return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return handleError(err, ADDRESS_SAVE_FAILED);
  }
}
