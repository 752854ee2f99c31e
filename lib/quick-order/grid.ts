// The quick-order grid's rows and what each one costs: pure, so the page only dispatches and renders. Rows are kept
// in local storage as SKU, quantity and selection; prices and rules always come back from the server (resolve.ts).
import * as z from 'zod/mini';
import { addedDescription, type AddToCartInput } from '../cart/lines';
import type { CartItem } from '../cart/types';
import type { ProductSelection } from '../purchase/options';
import { purchaseSpecifications, purchaseView, type PurchaseModel } from '../purchase/selection';
import { shownUnitCents } from '../purchase/group-pricing';
import { lineProblem, type LineProblem } from './lines';
import type { QuickOrderEntry } from './parse';

export const QUICK_ORDER_STORAGE_KEY = 'jewelry_quick_order';

export interface GridRow {
  key: string;
  sku: string;
  quantity: number;
  productId: string | null;
  selection: ProductSelection | null;
  problem: LineProblem | null;
  /** Option words from a CSV, kept until the server has matched them. */
  options?: Pick<QuickOrderEntry, 'stone' | 'size' | 'style' | 'material'>;
  /** Waiting for the server's answer about this SKU. */
  checking?: boolean;
}

export type Models = Record<string, PurchaseModel>;

let counter = 0;
export const rowKey = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

export function emptyRow(): GridRow {
  return { key: rowKey(), sku: '', quantity: 1, productId: null, selection: null, problem: null };
}

/** A row is blank until a SKU is typed: blank rows are neither added nor counted as problems. */
export const isBlank = (row: GridRow) => row.sku.trim() === '';

/** Rows that can go to the cart as they are. */
export function readyRows(rows: readonly GridRow[], models: Models): GridRow[] {
  return rows.filter((row) => !isBlank(row) && !row.checking && row.problem === null && row.productId !== null && row.selection && models[row.productId]);
}

/** Judges a resolved row again after the buyer changed its quantity or options. */
export function rejudge(row: GridRow, models: Models): GridRow {
  const model = row.productId ? models[row.productId] : undefined;
  if (!model) return row;
  return { ...row, problem: lineProblem(model, row.selection, row.quantity) };
}

/** Pieces of each product in the grid's rows and the cart together: the volume break counts them all. */
export function productTotals(rows: readonly GridRow[], cart: readonly CartItem[]): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (id: string | null, n: number) => id && totals.set(id, (totals.get(id) ?? 0) + n);
  for (const row of rows) if (!isBlank(row) && row.problem?.code !== 'unknown_sku') add(row.productId, row.quantity);
  for (const item of cart) add(item.productId, item.quantity);
  return totals;
}

export interface RowPrice {
  /** Unit price in cents after the break reached; null without a price. */
  unitCents: number | null;
  lineCents: number | null;
  percentOff: number | null;
}

export function rowPrice(row: GridRow, models: Models, totals: ReadonlyMap<string, number>): RowPrice {
  const model = row.productId ? models[row.productId] : undefined;
  const view = model && row.selection ? purchaseView(model, row.selection) : null;
  if (!model || !view || view.price === null) return { unitCents: null, lineCents: null, percentOff: null };
  const total = totals.get(model.productId) ?? row.quantity;
  const { unitCents, percentOff } = shownUnitCents(view.price, view.listPrice, total, model.cartProduct.priceBreaks);
  return { unitCents, lineCents: unitCents * row.quantity, percentOff };
}

/** The cart lines for the ready rows, as the product page would add them. */
export function cartInputs(rows: readonly GridRow[], models: Models): AddToCartInput[] {
  return readyRows(rows, models).map((row) => {
    const model = models[row.productId!]!;
    return {
      productId: model.productId,
      quantity: row.quantity,
      specifications: purchaseSpecifications(model, row.selection!),
      selectedPrice: purchaseView(model, row.selection!).price,
      listPrice: purchaseView(model, row.selection!).listPrice ?? null,
      product: model.cartProduct,
    };
  });
}

/** What Add all says it added: each line with the choices it was added with ('3 × Halo Ring (Ring Size: 7)'). */
export function addedLines(inputs: readonly AddToCartInput[]): string[] {
  return inputs.map(addedDescription);
}

/** The accessible names of a row's selects, which tell its line apart ('Ring size, line 3'). */
export function choiceLabels(selection: ProductSelection, n: number): { stone: string; style: string; size: string } {
  const size = selection.style === 'bracelet' ? 'Bracelet size' : selection.style === 'necklace' ? 'Length' : 'Ring size';
  return { stone: `Stone, line ${n}`, style: `Style, line ${n}`, size: `${size}, line ${n}` };
}

const storedRow = z.object({
  sku: z.string().check(z.maxLength(64)),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
  selection: z.nullable(
    z.object({
      stoneType: z.enum(['stone1', 'stone2']),
      size: z.nullable(z.string().check(z.maxLength(8))),
      style: z.nullable(z.enum(['necklace', 'bracelet'])),
    }),
  ),
});

/** Stored rows → the entries to resolve again; anything unreadable is dropped. */
export function readStoredRows(raw: string | null): { sku: string; quantity: number; selection: ProductSelection | null }[] {
  if (!raw) return [];
  try {
    const parsed = z.array(storedRow).check(z.maxLength(500)).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.filter((row) => row.sku.trim() !== '') : [];
  } catch {
    return [];
  }
}

export function serializeRows(rows: readonly GridRow[]): string {
  return JSON.stringify(rows.filter((row) => !isBlank(row)).map(({ sku, quantity, selection }) => ({ sku, quantity, selection })));
}
