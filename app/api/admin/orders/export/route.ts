import { parseOrdersQuery } from '@/lib/admin/orders/params';
import { ordersCsvStream } from '@/lib/admin/orders/export';
import { env } from '@/lib/core/env';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/orders/export?status=&sort= → the orders of that view as a CSV download, streamed. */
export const GET = defineRoute({ name: 'admin.orders.export', access: 'admin', failure: 'Export failed' }, async (request, ctx) => {
  const query = parseOrdersQuery(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  const filename = `orders-${query.status ?? 'all'}-${day}.csv`;
  return new Response(ordersCsvStream(ctx.actor, query, env().SHOP_TIME_ZONE), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
