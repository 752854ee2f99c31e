// POST /api/trade/application — a signed-in buyer's trade account application, or its new version: multipart with
// the fields ('application', JSON) and the resale certificate ('certificate', PDF, JPG or PNG up to 10 MB; left out
// to keep the one on file) → 201 { accountId, resubmitted, message }.
import { revalidateAfterCommit } from '@/lib/core/cache/revalidate';
import { TRADE_ACCOUNTS_TAG } from '@/lib/core/cache/tags';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { defineRoute } from '@/lib/entry/define-route';
import { wakeMailSender } from '@/lib/mail/sender';
import { submitApplication } from '@/lib/trade/apply';
import { readApplicationForm } from '@/lib/trade/form';
import { TRADE_ERRORS, TRADE_TOASTS } from '@/lib/trade/labels';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'trade.apply',
    access: 'user',
    failure: TRADE_ERRORS.failed,
    rateLimit: (request) => [{ rule: RATE_RULES.tradeApplicationPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request, { user, requestId }) => {
    const { input, upload } = await readApplicationForm(request);
    const sent = await submitApplication({ id: user!.id, email: user!.email ?? null }, input, upload, requestId);
    revalidateAfterCommit([TRADE_ACCOUNTS_TAG]);
    wakeMailSender();
    const message = sent.resubmitted ? TRADE_TOASTS.resubmitted : TRADE_TOASTS.submitted;
    return Response.json({ ...sent, message }, { status: 201, headers: { 'cache-control': 'no-store' } });
  },
);
