import 'server-only';
// Staff change a quote's lines before sending it: new quantities, lines removed, lines added by SKU with their
// choices, by the request's own rules (lib/quotes/lines.ts: offered options, MOQ and whole packs). One transaction
// under RLS with the quote locked, and an event in its history; once sent, the lines are locked (the table's trigger
// holds that too). No total is stored: the page's suggested prices and the sent quote's total are worked out again
// from the lines as they now are.
import type { Tx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { getProductsByIds } from '../../catalog/product';
import type { Product } from '../../catalog/types';
import type { PurchaseModel } from '../../purchase/selection';
import { resolveQuickOrderIn } from '../../quick-order/resolve';
import { buildQuoteLine, quoteQuantityProblem, type NewQuoteLine } from '../../quotes/lines';
import { readQuote } from '../../quotes/read';
import { MAX_QUOTE_LINES } from '../../quotes/schema';
import type { QuoteLine } from '../../quotes/types';
import { QUOTE_LINES_TEXT, type QuoteLinesInput } from './lines-schema';

interface Admin {
  id: string;
  email: string | null;
}

export interface FoundProduct {
  productId: string;
  name: string;
  sku: string;
  /** The product page's choices, MOQ and packs, for the form's option fields. */
  model: PurchaseModel;
}

/** Active products only, matched by SKU without case (quick order's lookup). */
export async function findQuoteProduct(tx: Tx, sku: string): Promise<FoundProduct> {
  const { lines, models } = await resolveQuickOrderIn(tx, [{ sku, quantity: null }]);
  const line = lines[0]!;
  const model = line.productId ? models[line.productId] : undefined;
  if (!line.productId || !model) {
    const suggestions = line.problem?.code === 'unknown_sku' ? line.problem.suggestions.map((s) => s.sku) : [];
    const hint = suggestions.length ? ` Did you mean ${suggestions.join(', ')}?` : '';
    throw new HttpError(404, `${QUOTE_LINES_TEXT.notFound(sku)}${hint}`, 'unknown_sku');
  }
  return { productId: line.productId, name: model.cartProduct.name, sku: line.sku, model };
}

/** One line per product and choices, as in the cart: an added line that matches one raises its quantity. */
const sameItem = (line: Pick<QuoteLine, 'productId' | 'specifications'>) =>
  `${line.productId}|${line.specifications.stoneType ?? ''}|${line.specifications.size ?? ''}|${line.specifications.style ?? ''}`;

export async function changeQuoteLines(tx: Tx, input: QuoteLinesInput, admin: Admin): Promise<{ reference: string; lines: number }> {
  const quote = await readQuote(tx, input.quoteId, true);
  if (!quote) throw new HttpError(404, 'This quote was not found.', 'not_found');
  if (quote.status !== 'requested') throw new HttpError(409, QUOTE_LINES_TEXT.locked, 'locked');
  const byPosition = new Map(quote.lines.map((l) => [l.position, l]));
  for (const position of [...input.remove, ...input.quantities.map((q) => q.position)]) {
    if (!byPosition.has(position)) throw new HttpError(409, QUOTE_LINES_TEXT.missingLine(position), 'missing_line');
  }
  const removed = new Set(input.remove);
  const quantities = new Map<number, number>();
  for (const q of input.quantities) {
    if (!removed.has(q.position) && byPosition.get(q.position)!.quantity !== q.quantity) quantities.set(q.position, q.quantity);
  }

  const found = input.add.length ? await resolveQuickOrderIn(tx, input.add.map((a) => ({ sku: a.sku, quantity: a.quantity }))) : null;
  const missing = found?.lines.find((l) => l.productId === null);
  if (missing) throw new HttpError(422, QUOTE_LINES_TEXT.notFound(missing.sku), 'unknown_sku');
  const wanted = [...[...quantities.keys()].map((p) => byPosition.get(p)!.productId), ...(found?.lines.map((l) => l.productId!) ?? [])];
  const products = new Map<string, Product>((await getProductsByIds(wanted, tx)).map((p) => [p.id, p]));

  for (const [position, quantity] of quantities) {
    const line = byPosition.get(position)!;
    const product = products.get(line.productId);
    if (!product) throw new HttpError(422, QUOTE_LINES_TEXT.goneProduct(line.name), 'unknown_product');
    const problem = quoteQuantityProblem(product, quantity);
    if (problem) throw new HttpError(422, problem, 'quantity_not_allowed');
  }

  // New lines after the highest position ever used here, so a removed line's number is not given to another item.
  let next = Math.max(0, ...quote.lines.map((l) => l.position));
  const kept = new Map(quote.lines.filter((l) => !removed.has(l.position)).map((l) => [sameItem(l), l.position]));
  const added: NewQuoteLine[] = [];
  input.add.forEach((a, i) => {
    const product = products.get(found!.lines[i]!.productId!);
    if (!product) throw new HttpError(422, QUOTE_LINES_TEXT.notFound(a.sku), 'unknown_sku');
    const line = buildQuoteLine(product, a, next + 1);
    const same = sameItem({ productId: line.product_id, specifications: line.specifications });
    const existing = kept.get(same);
    if (existing !== undefined) {
      quantities.set(existing, (quantities.get(existing) ?? byPosition.get(existing)!.quantity) + line.quantity);
      return;
    }
    const twin = added.find((l) => sameItem({ productId: l.product_id, specifications: l.specifications }) === same);
    if (twin) twin.quantity += line.quantity;
    else {
      added.push(line);
      next += 1;
    }
  });

  const count = quote.lines.length - removed.size + added.length;
  if (count < 1) throw new HttpError(422, QUOTE_LINES_TEXT.emptyQuote, 'empty_quote');
  if (count > MAX_QUOTE_LINES || next > 500) throw new HttpError(422, QUOTE_LINES_TEXT.tooMany, 'too_many_lines');
  if (removed.size + quantities.size + added.length === 0) throw new HttpError(400, QUOTE_LINES_TEXT.nothing, 'unchanged');

  const positions = [...quantities.keys()];
  await Promise.all([
    removed.size > 0 && tx`delete from public.quote_lines where quote_id = ${quote.id} and position = any(${[...removed]}::int[])`,
    positions.length > 0 &&
      tx`update public.quote_lines l set quantity = v.quantity
           from (select unnest(${positions}::int[]) as position, unnest(${positions.map((p) => quantities.get(p)!)}::int[]) as quantity) v
          where l.quote_id = ${quote.id} and l.position = v.position`,
    added.length > 0 &&
      tx`insert into public.quote_lines ${tx(added.map((l) => ({ ...l, quote_id: quote.id, specifications: tx.json(l.specifications as never) as unknown as string })))}`,
    tx`insert into public.quote_events (quote_id, kind, actor_id, actor_email, detail)
       values (${quote.id}, 'lines_changed', ${admin.id}, ${admin.email},
               ${tx.json({ changed: quantities.size, added: added.length, removed: removed.size })})`,
  ]);
  return { reference: quote.reference, lines: count };
}
