// The packing desk's arithmetic: an order's units, and the lines of several orders gathered into pick rows (the same
// product with the same choices is one row). Choices are read as data (readLineChoices), never from the line's text;
// the price rule is not a choice, so a line bought at a break and one at list price are picked together. Pure.
import type { Category } from '../../catalog/categories';
import { choicesEntries, readLineChoices } from '../../purchase/line-choices';

export interface PackingLine {
  productId: string;
  sku: string | null;
  name: string | null;
  category: Category | null;
  /** order_items.choices as stored. */
  choices: unknown;
  quantity: number;
}

export interface PickLine extends PackingLine {
  /** The order's reference ('AFJ-100123'). */
  reference: string;
}

export interface PickRow {
  sku: string | null;
  name: string | null;
  /** 'Stone: Ruby, Ring Size: 7'; '' for none. */
  choices: string;
  quantity: number;
  /** The orders that need it, each once, in reference order. */
  references: string[];
}

export function unitTotal(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The choices a picker matches on, in words. */
export function pickChoices(line: Pick<PackingLine, 'choices' | 'category'>): string {
  return choicesEntries(readLineChoices(line.choices), line.category)
    .map((e) => `${e.label}: ${e.value}`)
    .join(', ');
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const bySku = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : byText(a, b));

/** Sorted by SKU (lines without one last), then name and choices. */
export function pickRows(lines: readonly PickLine[]): PickRow[] {
  const rows = new Map<string, PickRow & { seen: Set<string> }>();
  for (const line of lines) {
    const choices = pickChoices(line);
    const key = `${line.productId}\u0000${choices}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        sku: line.sku,
        name: line.name,
        choices,
        quantity: 0,
        references: [],
        seen: new Set(),
      };
      rows.set(key, row);
    }
    row.quantity += line.quantity;
    if (!row.seen.has(line.reference)) {
      row.seen.add(line.reference);
      row.references.push(line.reference);
    }
  }
  return [...rows.values()]
    .map(({ seen: _seen, ...row }) => ({
      ...row,
      references: row.references.sort(byText),
    }))
    .sort((a, b) => bySku(a.sku, b.sku) || byText(a.name ?? '', b.name ?? '') || byText(a.choices, b.choices));
}
