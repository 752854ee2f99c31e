import { receivablesCsvStream } from '@/lib/admin/receivables/export';
import { receivablesFileName } from '@/lib/admin/receivables/labels';
import { parseReceivablesQuery } from '@/lib/admin/receivables/params';
import { env } from '@/lib/core/env';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/receivables/export?filter=&account= → the open invoices of that view as a CSV download, streamed. */
export const GET = defineRoute({ name: 'admin.receivables.export', access: 'admin', failure: 'Export failed' }, async (request, ctx) => {
  const query = parseReceivablesQuery(new URL(request.url).searchParams);
  const now = new Date();
  return new Response(receivablesCsvStream(ctx.actor, query, { now, timeZone: env().SHOP_TIME_ZONE }), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${receivablesFileName(query.filter, now.toISOString().slice(0, 10))}"`,
      'cache-control': 'private, no-store',
    },
  });
});
