import 'server-only';
// The server's side of the readiness rule (readiness.ts): a save that makes a product active is refused (409) with
// what is missing unless it says publishAnyway; a bulk publish counts the products that are not ready in SQL.
import { ActionError } from '../../core/action-result';
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { priceColumns } from './fields';
import { goesActive, missingText, productFacts, READINESS_FIELD, readinessGaps } from './readiness';
import type { ProductWrite } from './schema';

/**
 * readinessGaps as a condition on the table aliased `r`. image_url is the primary image, kept by the images' trigger.
 * Column names come from the table's own list (fields.ts): nothing from input.
 */
export function readySql(tx: Tx, category: Category) {
  const priced = priceColumns(category).map((c) => `r.${c} > 0`).join(' or ');
  return tx.unsafe(
    // coalesce: an unset price is null, and 'not null' would count a product as neither ready nor not.
    `coalesce(btrim(coalesce(r.name, '')) <> '' and (${priced}) and r.image_url is not null and btrim(coalesce(r.description, '')) <> '', false)`,
  );
}

/**
 * Refuses a save that makes a product active while it lacks something, unless `publishAnyway`. `id` is null for a new
 * product (it has no image yet). The stored row is locked, so an image removed meanwhile waits for this save.
 */
export async function checkReadiness(tx: Tx, category: Category, id: string | null, product: ProductWrite, publishAnyway: boolean): Promise<void> {
  if (publishAnyway) return;
  let stored: { status: string; has_image: boolean } | undefined;
  if (id) {
    [stored] = await tx<{ status: string; has_image: boolean }[]>`
      select r.status, r.image_url is not null as has_image from ${tx(`public.${category}`)} r where r.id = ${id} for update`;
    // A product gone meanwhile is the update's own 404.
    if (!stored) return;
  }
  if (!goesActive(stored?.status ?? null, String(product.status))) return;
  const gaps = readinessGaps(productFacts(category, product, stored?.has_image ?? false));
  if (gaps.length > 0) throw new ActionError(missingText(gaps), 409, { [READINESS_FIELD]: missingText(gaps) });
}
