import { exportGroups, priceListCsvStream } from '@/lib/admin/price-groups/export';
import { BAD_GROUP_ID, EXPORT_FAILED, GROUP_TEXT } from '@/lib/admin/price-groups/labels';
import { HttpError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/validation/text';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/price-groups/export[?group=<id>] → every group's fixed prices, or one group's, as the import reads them. */
export const GET = defineRoute({ name: 'admin.priceGroups.export', access: 'admin', failure: EXPORT_FAILED }, async (request, ctx) => {
  const groupId = new URL(request.url).searchParams.get('group');
  if (groupId !== null && !isUuid(groupId)) throw new HttpError(400, BAD_GROUP_ID, 'bad_group');
  const groups = await exportGroups(ctx.actor, groupId);
  if (!groups) throw new HttpError(404, GROUP_TEXT.gone, 'no_group');
  const day = new Date().toISOString().slice(0, 10);
  // One group's file is named after it, in letters and digits only (the header cannot carry just any name).
  const which = groupId ? groups[0]!.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'group' : 'all-groups';
  return new Response(priceListCsvStream(ctx.actor, groups), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="price-list-${which}-${day}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
