import { productsCsvStream } from '@/lib/admin/catalog/export';
import { CATEGORY_INFO, isCategory } from '@/lib/catalog/categories';
import { env } from '@/lib/core/env';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/products/export?category= → the category as a CSV download in the columns the import reads. */
export const GET = defineRoute({ name: 'admin.products.export', access: 'admin', failure: 'Export failed' }, async (request, ctx) => {
  const category = new URL(request.url).searchParams.get('category');
  if (!isCategory(category)) throw new HttpError(400, 'Choose the category to export.', 'missing_category');
  const day = new Date().toISOString().slice(0, 10);
  return new Response(productsCsvStream(ctx.actor, category, env().NEXT_PUBLIC_SUPABASE_URL), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${CATEGORY_INFO[category].route}-${day}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
