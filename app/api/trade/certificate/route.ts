// GET /api/trade/certificate?account=<id> — the account's resale certificate, for its owner and staff: a 303 to a
// Storage link that opens it for one minute, made fresh on each click, so no page holds a lasting link.
import { HttpError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/validation/text';
import { defineRoute } from '@/lib/entry/define-route';
import { certificateLinkFor } from '@/lib/trade/certificates';
import { TRADE_ERRORS } from '@/lib/trade/labels';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = defineRoute({ name: 'trade.certificate', access: 'user', failure: TRADE_ERRORS.certificateFailed }, async (request, { actor }) => {
  const account = new URL(request.url).searchParams.get('account');
  if (!isUuid(account)) throw new HttpError(404, TRADE_ERRORS.certificateNotFound, 'not_found');
  const link = await certificateLinkFor(actor, account.toLowerCase());
  return new Response(null, { status: 303, headers: { location: link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
});
