'use client';
import { Plus, ShoppingBag } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCart } from '@/components/cart/cart-context';
import { formatCents } from '@/lib/core/format/money';
import { allowedQuantity } from '@/lib/purchase/pack-size';
import {
  cartInputs,
  emptyRow,
  isBlank,
  productTotals,
  QUICK_ORDER_STORAGE_KEY,
  readStoredRows,
  readyRows,
  rejudge,
  rowKey,
  rowPrice,
  serializeRows,
  type GridRow as Row,
  type Models,
} from '@/lib/quick-order/grid';
import { MAX_QUICK_ORDER_LINES, tooManyLinesMessage, type ParsedLines, type QuickOrderEntry } from '@/lib/quick-order/parse';
import type { QuickOrderResult } from '@/lib/quick-order/resolve';
import { QUICK_ORDER_PATH } from '@/lib/quick-order/schema';
import { GridRow } from './grid-row';
import { notifyAdded } from './added-toast';

// Offered only when some lines have no price: the quote form loads then.
const RequestQuote = lazy(() => import('@/components/quotes/request-quote').then((m) => ({ default: m.RequestQuote })));
import { PastePanel } from './paste-panel';

async function resolve(entries: QuickOrderEntry[]): Promise<QuickOrderResult> {
  const res = await fetch(QUICK_ORDER_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: entries }),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<QuickOrderResult> & { error?: string };
  if (!res.ok || !body.lines || !body.models) throw new Error(body.error || 'Could not check these lines. Please try again.');
  return body as QuickOrderResult;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(QUICK_ORDER_STORAGE_KEY);
  } catch {
    return null;
  }
}

const entryOf = (row: Pick<Row, 'sku' | 'quantity' | 'selection' | 'options'>): QuickOrderEntry => ({
  sku: row.sku.trim(),
  quantity: row.quantity,
  ...(row.options ?? {}),
  ...(row.selection ? { stone: row.selection.stoneType, style: row.selection.style ?? undefined, size: row.selection.size ?? undefined } : {}),
});

/**
 * The quick-order page: a grid of SKU lines, a paste box and a CSV upload, every line checked by the server in one
 * call, and one button that adds every line that can be bought. Rows survive a reload (local storage).
 */
export function QuickOrderView() {
  const router = useRouter();
  const { items: cart, addItems, ready } = useCart();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [models, setModels] = useState<Models>({});
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const skuInputs = useRef(new Map<string, HTMLInputElement>());
  const focusKey = useRef<string | null>(null);

  const applyResult = useCallback((keys: string[], result: QuickOrderResult) => {
    setModels((m) => ({ ...m, ...result.models }));
    setRows((current) =>
      current.map((row) => {
        const i = keys.indexOf(row.key);
        const line = i === -1 ? undefined : result.lines[i];
        if (!line) return row;
        return { key: row.key, sku: line.sku, quantity: line.quantity, productId: line.productId, selection: line.selection, problem: line.problem };
      }),
    );
  }, []);

  /** Appends lines (pasted, uploaded or stored) and checks them all in one call. */
  const addLines = useCallback(
    async (entries: (QuickOrderEntry & { selection?: Row['selection'] })[], existing: number): Promise<string | null> => {
      if (entries.length === 0) return null;
      if (existing + entries.length > MAX_QUICK_ORDER_LINES) return tooManyLinesMessage(existing + entries.length);
      const added: Row[] = entries.map((entry) => ({
        key: rowKey(),
        sku: entry.sku,
        quantity: entry.quantity ?? 1,
        productId: null,
        selection: null,
        problem: null,
        options: { stone: entry.stone, size: entry.size, style: entry.style, material: entry.material },
        checking: true,
      }));
      setRows((current) => [...current.filter((row) => !isBlank(row)), ...added, emptyRow()]);
      try {
        applyResult(
          added.map((row) => row.key),
          await resolve(entries.map(({ selection: _s, ...entry }) => entry)),
        );
        return null;
      } catch (err) {
        const keys = new Set(added.map((row) => row.key));
        setRows((current) => current.map((row) => (keys.has(row.key) ? { ...row, checking: false } : row)));
        return err instanceof Error ? err.message : 'Could not check these lines. Please try again.';
      }
    },
    [applyResult],
  );

  // Stored rows come back and are checked again: prices and rules may have changed since.
  useEffect(() => {
    const stored = readStoredRows(readStorage());
    setLoaded(true);
    if (stored.length === 0) return;
    void addLines(stored.map((row) => entryOf({ ...row, options: undefined })), 0).then(setError);
  }, [addLines]);

  useEffect(() => {
    if (!loaded) return;
    try {
      window.localStorage.setItem(QUICK_ORDER_STORAGE_KEY, serializeRows(rows));
    } catch {
      // Storage full or blocked: the grid still works for this visit.
    }
  }, [rows, loaded]);

  useEffect(() => {
    if (focusKey.current) {
      skuInputs.current.get(focusKey.current)?.focus();
      focusKey.current = null;
    }
  }, [rows]);

  const update = (key: string, change: (row: Row) => Row) =>
    setRows((current) => current.map((row) => (row.key === key ? rejudge(change(row), models) : row)));

  const checkRow = async (key: string, sku: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row) return;
    if (sku.trim() === '') {
      update(key, (r) => ({ ...r, sku: '', productId: null, selection: null, problem: null }));
      return;
    }
    setRows((current) => current.map((r) => (r.key === key ? { ...r, sku, checking: true } : r)));
    try {
      // A new SKU starts from its product's standard options and smallest quantity.
      applyResult([key], await resolve([{ sku: sku.trim(), quantity: null }]));
    } catch (err) {
      setRows((current) => current.map((r) => (r.key === key ? { ...r, checking: false } : r)));
      setError(err instanceof Error ? err.message : 'Could not check this line. Please try again.');
    }
  };

  const addRow = (afterKey?: string) => {
    const last = rows[rows.length - 1];
    if (last && isBlank(last) && last.key !== afterKey) {
      skuInputs.current.get(last.key)?.focus();
      return;
    }
    if (rows.length >= MAX_QUICK_ORDER_LINES) return setError(tooManyLinesMessage(rows.length + 1));
    const row = emptyRow();
    focusKey.current = row.key;
    setRows((current) => [...current, row]);
  };

  const totals = useMemo(() => productTotals(rows, cart), [rows, cart]);
  const ready_ = useMemo(() => readyRows(rows, models), [rows, models]);
  const problems = rows.filter((row) => !isBlank(row) && row.problem !== null).length;
  const unpriced = rows.filter((row) => row.problem?.code === 'no_price' && row.productId && row.selection);
  const totalCents = ready_.reduce((sum, row) => sum + (rowPrice(row, models, totals).lineCents ?? 0), 0);

  const addAll = () => {
    const inputs = cartInputs(rows, models);
    if (inputs.length === 0) return;
    const added = new Set(ready_.map((row) => row.key));
    addItems(inputs);
    setRows((current) => {
      const left = current.filter((row) => !added.has(row.key));
      return left.some(isBlank) ? left : [...left, emptyRow()];
    });
    notifyAdded(inputs, problems, () => router.push('/cart'));
  };

  const onParsed = async (parsed: ParsedLines): Promise<string | null> =>
    addLines(parsed.entries, rows.filter((row) => !isBlank(row)).length);

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="qo-lines-heading">
        <h2 id="qo-lines-heading" className="sr-only">
          Order lines
        </h2>
        <div className="hidden border-b border-stone-line pb-2 text-xs uppercase tracking-wide text-stone-muted md:grid md:grid-cols-[11rem_minmax(0,1fr)_6.5rem_8rem_2.5rem] md:gap-x-3">
          <span>SKU</span>
          <span>Product and options</span>
          <span>Quantity</span>
          <span className="text-right">Price</span>
          <span />
        </div>
        <ol className="divide-y divide-stone-line border-b border-stone-line">
          {rows.map((row, index) => (
            <GridRow
              key={row.key}
              row={row}
              index={index}
              model={row.productId ? models[row.productId] : undefined}
              price={rowPrice(row, models, totals)}
              onSku={(sku) => setRows((current) => current.map((r) => (r.key === row.key ? { ...r, sku } : r)))}
              onCommitSku={(sku) => void checkRow(row.key, sku)}
              onQuantity={(quantity) => update(row.key, (r) => ({ ...r, quantity }))}
              onSelection={(selection) => update(row.key, (r) => ({ ...r, selection }))}
              onRemove={() => setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== row.key) : [emptyRow()]))}
              onEnter={() => addRow(row.key)}
              onSuggestion={(sku) => void checkRow(row.key, sku)}
              skuRef={(el) => {
                if (el) skuInputs.current.set(row.key, el);
                else skuInputs.current.delete(row.key);
              }}
            />
          ))}
        </ol>
        <button
          type="button"
          onClick={() => addRow()}
          className="mt-3 inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm text-ink-soft hover:bg-ivory-deep hover:text-ink"
        >
          <Plus aria-hidden className="size-4" /> Add a line
        </button>
        <p className="mt-1 text-xs text-stone-muted">Press Enter in a line to start the next one.</p>
      </section>

      <aside className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
        <div className="rounded-lg border border-stone-line bg-white p-5">
          <p className="flex items-baseline justify-between text-sm text-ink-soft">
            <span>Ready to add</span>
            <span className="tabular" data-testid="quick-order-ready">
              {ready_.length} {ready_.length === 1 ? 'line' : 'lines'}
            </span>
          </p>
          <p className="mt-2 flex items-baseline justify-between">
            <span className="text-sm text-ink-soft">Subtotal</span>
            <span className="font-serif text-2xl tabular" data-testid="quick-order-total">
              {formatCents(totalCents)}
            </span>
          </p>
          {problems > 0 && (
            <p className="mt-2 text-sm text-red-800" role="status">
              {problems === 1 ? '1 line needs attention: it stays here until fixed.' : `${problems} lines need attention: they stay here until fixed.`}
            </p>
          )}
          <button type="button" onClick={addAll} disabled={ready_.length === 0 || !ready} className="btn-primary mt-4 h-12 w-full gap-2 disabled:opacity-50">
            <ShoppingBag aria-hidden className="size-4" />
            Add {ready_.length} {ready_.length === 1 ? 'item' : 'items'} to cart
          </button>
        </div>
        {unpriced.length > 0 && (
          <div className="rounded-lg border border-stone-line bg-white p-5 text-sm">
            <p className="text-ink-soft">
              {unpriced.length === 1 ? '1 line has' : `${unpriced.length} lines have`} no price: ask us for a quote instead.
            </p>
            <Suspense fallback={null}>
            <RequestQuote
              lines={unpriced.map((row) => ({
                productId: row.productId!,
                // A quote takes quantities the product can be bought in, as a cart line does.
                quantity: allowedQuantity(row.quantity, { moq: models[row.productId!]?.moq, pack_size: models[row.productId!]?.cartProduct.packSize }),
                specifications: { stoneType: row.selection!.stoneType, size: row.selection!.size, style: row.selection!.style },
              }))}
              className="mt-3 inline-flex h-11 w-full items-center justify-center gap-2 rounded-md border border-ink px-5 text-sm font-medium hover:bg-ivory-deep"
            />
            </Suspense>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <PastePanel
          onParsed={async (parsed) => {
            const message = await onParsed(parsed);
            setError(message);
            return message;
          }}
        />
      </aside>
    </div>
  );
}
