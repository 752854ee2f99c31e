'use client';
// A request's lines before the quote is sent: quantities, removals and new lines by SKU (with the product page's own
// choices), saved together in one action. The server checks every rule again (lib/admin/quotes/lines.ts).
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toaster';
import { useActionForm } from '@/components/ui/use-action-form';
import { changeQuoteLinesAction, findQuoteProductAction } from '@/lib/admin/quotes/actions';
import type { FoundProduct } from '@/lib/admin/quotes/lines';
import { QUOTE_LINES_TEXT, quoteLinesSchema, type QuoteLinesInput } from '@/lib/admin/quotes/lines-schema';
import type { ProductSelection } from '@/lib/purchase/options';
import { choose, purchaseSizeInfo, purchaseSizes, purchaseView } from '@/lib/purchase/selection';
import type { QuoteLine } from '@/lib/quotes/types';

interface NewLine {
  sku: string;
  name: string;
  words: string;
  specifications: QuoteLinesInput['add'][number]['specifications'];
  quantity: number;
}

const wholeNumber = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN);

export function QuoteLinesEditor({ quoteId, lines, onDirtyChange }: { quoteId: string; lines: QuoteLine[]; onDirtyChange: (dirty: boolean) => void }) {
  const router = useRouter();
  const { form, pending, submit } = useActionForm();
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(lines.map((l) => [l.position, String(l.quantity)])));
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState<NewLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sku, setSku] = useState('');
  const [found, setFound] = useState<FoundProduct | null>(null);
  const [selection, setSelection] = useState<ProductSelection | null>(null);
  const [addQuantity, setAddQuantity] = useState('');
  const [finding, setFinding] = useState(false);

  const changed = lines.filter((l) => !removed.includes(l.position) && quantities[l.position] !== String(l.quantity));
  const dirty = changed.length + removed.length + added.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  async function find() {
    if (!sku.trim() || finding) return;
    setFinding(true);
    const result = await findQuoteProductAction({ sku }).catch(() => null);
    setFinding(false);
    if (!result?.ok) {
      setFound(null);
      setProblem(result?.error || 'Failed to find the product');
      return;
    }
    setProblem(null);
    setFound(result.data);
    setSelection(result.data.model.initial);
    setAddQuantity(String(result.data.model.steps.min));
  }

  function addLine() {
    if (!found || !selection) return;
    const quantity = wholeNumber(addQuantity);
    if (!Number.isFinite(quantity) || quantity < 1) return setProblem('Enter a quantity of at least 1');
    const sizes = purchaseSizes(found.model, selection);
    setAdded((list) => [
      ...list,
      {
        sku: found.sku,
        name: found.name,
        words: purchaseView(found.model, selection).summary,
        specifications: { stoneType: selection.stoneType, size: sizes.length > 0 ? selection.size : null, style: selection.style },
        quantity,
      },
    ]);
    setProblem(null);
    setFound(null);
    setSku('');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const bad = changed.find((l) => !Number.isFinite(wholeNumber(quantities[l.position] ?? '')));
    if (bad) return setProblem(`Enter a whole number for line ${bad.position}.`);
    const input = {
      quoteId,
      quantities: changed.map((l) => ({ position: l.position, quantity: wholeNumber(quantities[l.position]!) })),
      remove: removed,
      add: added.map(({ sku, specifications, quantity }) => ({ sku, specifications, quantity })),
    };
    const result = await submit(input, quoteLinesSchema, changeQuoteLinesAction);
    if (!result) return setProblem(QUOTE_LINES_TEXT.nothing);
    if (result.ok) {
      toast.success(result.message ?? QUOTE_LINES_TEXT.saved);
      setProblem(null);
      // The saved lines come back with the page; the editor starts again from them (it is keyed by them).
      router.refresh();
    } else {
      setProblem(result.error);
      toast.error(QUOTE_LINES_TEXT.failed, { description: result.error });
    }
  }

  function undo() {
    setQuantities(Object.fromEntries(lines.map((l) => [l.position, String(l.quantity)])));
    setRemoved([]);
    setAdded([]);
    setProblem(null);
  }

  const sizes = found && selection ? purchaseSizes(found.model, selection) : [];
  const sizeLegend = found && selection ? (purchaseSizeInfo(found.model, selection)?.legend ?? 'Size') : 'Size';

  return (
    <form ref={form} onSubmit={save} noValidate className="adm-panel space-y-3" aria-labelledby="quote-lines-edit">
      <h2 id="quote-lines-edit" className="adm-h2">
        {QUOTE_LINES_TEXT.heading}
      </h2>
      <p className="adm-muted">{QUOTE_LINES_TEXT.intro}</p>
      <ul className="divide-y divide-neutral-100 text-sm" data-testid="quote-lines-edit">
        {lines.map((l) => {
          const gone = removed.includes(l.position);
          return (
            <li key={l.position} className="flex flex-wrap items-center gap-2 py-2">
              <div className={`min-w-0 flex-1 basis-40 ${gone ? 'line-through adm-muted' : ''}`}>
                <span className="block font-medium">{l.name}</span>
                <span className="block text-xs adm-muted">
                  {l.sku ?? 'N/A'}
                  {l.specificationsText ? ` · ${l.specificationsText}` : ''}
                </span>
              </div>
              <input
                className="adm-input w-24 tabular"
                inputMode="numeric"
                aria-label={`Quantity of ${l.name}, line ${l.position}`}
                value={quantities[l.position] ?? ''}
                disabled={gone || pending}
                onChange={(e) => setQuantities((q) => ({ ...q, [l.position]: e.target.value }))}
              />
              <button
                type="button"
                className="adm-btn"
                aria-label={gone ? `Keep line ${l.position}` : `Remove line ${l.position}`}
                onClick={() => setRemoved((r) => (gone ? r.filter((p) => p !== l.position) : [...r, l.position]))}
              >
                {gone ? 'Keep' : 'Remove'}
              </button>
            </li>
          );
        })}
        {added.map((l, i) => (
          <li key={`new-${i}`} className="flex flex-wrap items-center gap-2 py-2">
            <div className="min-w-0 flex-1 basis-40">
              <span className="block font-medium">
                {l.name} <span className="adm-badge bg-emerald-50 text-emerald-800 ring-emerald-200">New</span>
              </span>
              <span className="block text-xs adm-muted">
                {l.sku}
                {l.words ? ` · ${l.words}` : ''} · Qty {l.quantity}
              </span>
            </div>
            <button type="button" className="adm-btn" aria-label={`Remove new line ${l.name}`} onClick={() => setAdded((list) => list.filter((_, j) => j !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-medium">Add an item</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-40">
            <label htmlFor="quote-add-sku" className="adm-label">
              SKU
            </label>
            <input
              id="quote-add-sku"
              className="adm-input"
              autoComplete="off"
              maxLength={100}
              value={sku}
              onChange={(e) => setSku(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void find();
                }
              }}
            />
          </div>
          <button type="button" className="adm-btn" onClick={() => void find()} disabled={finding || !sku.trim()}>
            {finding && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {QUOTE_LINES_TEXT.find}
          </button>
        </div>
        {found && selection && (
          <div className="flex flex-wrap items-end gap-2" data-testid="quote-add-found">
            <p className="basis-full text-sm font-medium">{found.name}</p>
            {found.model.styles.length > 1 && (
              <div>
                <label htmlFor="quote-add-style" className="adm-label">
                  Style
                </label>
                <select id="quote-add-style" className="adm-input" value={selection.style ?? ''} onChange={(e) => setSelection(choose(found.model, selection, { style: e.target.value as 'necklace' | 'bracelet' }))}>
                  {found.model.styles.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.disabled}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {found.model.stones.length > 1 && (
              <div>
                <label htmlFor="quote-add-stone" className="adm-label">
                  Stone
                </label>
                <select id="quote-add-stone" className="adm-input" value={selection.stoneType} onChange={(e) => setSelection(choose(found.model, selection, { stone: e.target.value as 'stone1' | 'stone2' }))}>
                  {found.model.stones.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.disabled}>
                      {o.detail ? `${o.label} (${o.detail})` : o.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {sizes.length > 0 && (
              <div>
                <label htmlFor="quote-add-size" className="adm-label">
                  {sizeLegend}
                </label>
                <select id="quote-add-size" className="adm-input" value={selection.size ?? ''} onChange={(e) => setSelection(choose(found.model, selection, { size: e.target.value }))}>
                  {sizes.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.disabled}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <label htmlFor="quote-add-qty" className="adm-label">
                Quantity
              </label>
              <input id="quote-add-qty" className="adm-input w-24 tabular" inputMode="numeric" value={addQuantity} onChange={(e) => setAddQuantity(e.target.value)} />
            </div>
            <button type="button" className="adm-btn" onClick={addLine}>
              {QUOTE_LINES_TEXT.add}
            </button>
            <p className="basis-full text-xs adm-muted">
              Minimum {found.model.steps.min}
              {found.model.steps.pack > 1 ? `, in packs of ${found.model.steps.pack}` : ''}.
            </p>
          </div>
        )}
      </fieldset>
      {problem && (
        <p className="adm-error" role="alert">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="adm-btn-primary" disabled={pending || !dirty}>
          {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          Save lines
        </button>
        {dirty && (
          <button type="button" className="adm-btn" onClick={undo} disabled={pending}>
            Undo changes
          </button>
        )}
      </div>
    </form>
  );
}
