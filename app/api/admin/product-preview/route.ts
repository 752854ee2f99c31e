import { NextResponse } from 'next/server';
import { z } from 'zod';
import { text } from '@/lib/core/validation/text';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { previewTarget } from '@/lib/catalog/preview';
import { storefrontProductTarget } from '@/lib/catalog/preview-rules';

// The page's own path, as the 404 page read it: plain text of at most 300 characters (no control characters).
const querySchema = z.object({ path: text({ max: 300, min: 1, label: 'The path' }) });

/**
 * GET /api/admin/product-preview?path=/rings/{id} → { href }: the staff preview of a product the shop does not show (the
 * product page's 404 asks this for a signed-in visitor), or null when there is none. Staff only; never cached.
 */
export const GET = defineRoute({ name: 'admin.productPreview', access: 'admin', failure: 'Could not find the preview' }, async (request, ctx) => {
  const parsed = querySchema.safeParse({ path: new URL(request.url).searchParams.get('path') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid path.', 'invalid_query');
  const target = storefrontProductTarget(parsed.data.path);
  const href = target ? await previewTarget(ctx.actor, target.category, target.id) : null;
  return NextResponse.json({ href }, { headers: { 'Cache-Control': 'private, no-store' } });
});
