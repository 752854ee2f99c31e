// POST /api/checkout/address — saves the buyer's e-mail address, optional company and PO number, their shipping and billing address onto their open
// checkout (and its PaymentIntent) before the card is charged, and prices shipping and tax for it (refused with 409 when
// the total is not the one the buyer saw). Only the browser that started the checkout may do this. For a
// signed-in customer the addresses and name are also kept in their account, after the answer is sent: that never
// delays or fails the payment (a failure is logged).
import type { User } from '@supabase/supabase-js';
import { after } from 'next/server';
import { rememberCheckoutDetails } from '@/lib/account/checkout-details';
import { getCurrentUser } from '@/lib/auth/user';
import { emptyAddress, resolveAddresses } from '@/lib/checkout/address';
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { saveAddressesSchema } from '@/lib/checkout/address-schema';
import { ADDRESS_SAVE_FAILED, CheckoutError } from '@/lib/checkout/errors';
import { browserCheckoutIds } from '@/lib/checkout/cookie-store';
import { saveCheckoutAddresses } from '@/lib/checkout/server';
import { readJsonCapped } from '@/lib/core/request-body';
import { describeIssues } from '@/lib/core/errors';
import { logError } from '@/lib/core/log';
import { defineRoute } from '@/lib/entry/define-route';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'checkout.address',
    access: 'public',
    failure: ADDRESS_SAVE_FAILED,
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutAddressPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request, { requestId }) => {
    const parsed = saveAddressesSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) {
      const emailIssue = parsed.error.issues.find((i) => i.path[0] === 'email');
      if (emailIssue) throw new CheckoutError(400, 'invalid_email', emailIssue.message, { email: emailIssue.message });
      const business = parsed.error.issues.filter((i) => i.path[0] === 'company' || i.path[0] === 'purchaseOrder');
      if (business.length) {
        const details = Object.fromEntries(business.map((i) => [String(i.path[0]), i.message]));
        throw new CheckoutError(400, 'invalid_business', business[0]!.message, details);
      }
      throw new CheckoutError(400, 'invalid_request', `Invalid address: ${describeIssues(parsed.error)}`);
    }
    const { checkoutId, email, company, purchaseOrder, sameAsShipping, shipping, billing, shippingMethodId, expectedTotalCents } = parsed.data;
    const addresses = { shipping, billing: billing ?? emptyAddress(), sameAsShipping };
    const business = { companyName: company, purchaseOrder };
    const delivery = await saveCheckoutAddresses({
      checkoutId,
      allowedCheckoutIds: await browserCheckoutIds(),
      email,
      business,
      addresses,
      shippingMethodId,
      expectedTotalCents,
    });
    const user = await getCurrentUser().catch(() => null);
    if (user) keepInAccount(user, resolveAddresses(addresses), requestId);
    return Response.json({ ok: true, delivery }, { headers: { 'cache-control': 'no-store' } });
  },
);

function keepInAccount(user: User, addresses: ReturnType<typeof resolveAddresses>, requestId: string): void {
  const failed = (err: unknown) => logError('checkout: keeping the customer details failed', err, { requestId, userId: user.id });
  try {
    after(() => rememberCheckoutDetails(user, addresses).catch(failed));
  } catch (err) {
    failed(err);
  }
}
