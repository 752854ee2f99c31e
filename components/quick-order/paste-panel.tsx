'use client';
import { FileUp, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { parsePastedLines, parseQuickOrderCsv, type ParsedLines } from '@/lib/quick-order/parse';

interface PastePanelProps {
  /** Adds the read lines to the grid; resolves to an error message, or null when they were added. */
  onParsed(parsed: ParsedLines): Promise<string | null>;
}

/** The paste box (`SKU quantity`, `SKU,quantity`, or cells copied from a spreadsheet) and the CSV upload. */
export function PastePanel({ onParsed }: PastePanelProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [unreadable, setUnreadable] = useState<ParsedLines['unreadable']>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = async (parsed: ParsedLines, clear: () => void) => {
    setUnreadable(parsed.unreadable);
    if (parsed.entries.length === 0) return;
    setBusy(true);
    const error = await onParsed(parsed);
    setBusy(false);
    // A refused list stays in the box, to be split or fixed.
    if (error === null) clear();
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-stone-line bg-white p-5">
      <h2 id={`${id}-heading`} className="text-lg">
        Paste a list
      </h2>
      <label htmlFor={`${id}-text`} className="mt-1 block text-sm text-ink-soft">
        One line each: SKU and quantity, separated by a space, a comma or a tab (cells copied from a spreadsheet work).
      </label>
      <textarea
        id={`${id}-text`}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'RNG-1001 12\nNCK-2001, 6'}
        spellCheck={false}
        className={`${inputClass} mt-3 h-auto border-stone-line py-2 font-mono text-sm`}
      />
      <button
        type="button"
        disabled={busy || text.trim() === ''}
        onClick={() => void submit(parsePastedLines(text), () => setText(''))}
        className="btn-primary mt-3 h-10 w-full gap-2 disabled:opacity-50"
      >
        {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
        Add lines
      </button>

      <div className="mt-5 border-t border-stone-line pt-4">
        <p className="text-sm text-ink-soft">Or upload a CSV with the columns sku and quantity (stone, size, style and material if you like).</p>
        <label className="mt-3 inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-stone-line px-4 text-sm focus-within:outline-2 focus-within:outline-gold-dark hover:bg-ivory-deep">
          <input
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              const read = parseQuickOrderCsv(new Uint8Array(await file.arrayBuffer()));
              setFileError(read.ok ? null : read.error);
              if (read.ok) await submit(read.value, () => undefined);
              if (fileRef.current) fileRef.current.value = '';
            }}
          />
          <FileUp aria-hidden className="size-4" /> Upload CSV
        </label>
        {fileError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {fileError}
          </p>
        )}
      </div>

      {unreadable.length > 0 && (
        <div role="status" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">Not read ({unreadable.length}):</p>
          <ul className="mt-1 space-y-0.5">
            {unreadable.slice(0, 20).map((u) => (
              <li key={u.line}>
                Line {u.line}: <span className="font-mono">{u.text}</span>. {u.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
