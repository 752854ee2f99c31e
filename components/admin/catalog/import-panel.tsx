'use client';
// Import Products: one CSV file → a preview (the first rows, the row count, and every row checked with the same
// rules the server applies, a slice at a time with a percentage, so that a large file leaves the page responsive)
// → importing with a percentage → done, with the rows that could not be imported listed and downloadable as a CSV
// to fix and import again.
import { ChevronDown, ChevronUp, FileUp, Upload } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/toaster';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, IMPORT_TOO_LARGE, NO_DATA_TO_IMPORT, readCsvFile, type CsvTable } from '@/lib/admin/catalog/csv-file';
import { publicImagePrefix } from '@/lib/storage/image-rules';
import { planImportInSlices, type ImportEvent, type ImportPlan } from '@/lib/admin/catalog/import-rows';
import type { Category } from '@/lib/catalog/categories';
import { publicEnv } from '@/lib/core/env.public';
import { BadRows } from './bad-rows';
import { sendImport, type ImportOutcome, type ImportRequest } from './import-request';

type Step =
  | { step: 'choose' }
  | { step: 'checking'; name: string; fraction: number }
  | { step: 'preview'; name: string; bytes: Uint8Array; table: CsvTable; plan: ImportPlan }
  | { step: 'importing'; name: string; table: CsvTable; plan: ImportPlan; stage: 'upload' | 'write'; fraction: number }
  | { step: 'done'; name: string; table: CsvTable; outcome: Extract<ImportOutcome, { type: 'done' }> };

/** A CSV file (spreadsheet types are accepted here and then explained), one file only. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv', '.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

function rejection(rejected: FileRejection[]): string {
  const codes = new Set(rejected.flatMap((r) => r.errors.map((e) => e.code)));
  if (codes.has('too-many-files')) return 'Choose one file at a time.';
  if (codes.has('file-too-large')) return IMPORT_TOO_LARGE;
  if (codes.has('file-invalid-type')) return 'Choose a CSV file (.csv).';
  return rejected[0]?.errors[0]?.message ?? 'That file cannot be imported.';
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function ImportPanel({ category }: { category: Category }) {
  const router = useRouter();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);
  // Below sm only: the body is always shown from sm up.
  const [open, setOpen] = useState(false);
  const request = useRef<ImportRequest | null>(null);
  /** Which file choice is current: a check still running for an earlier one stops and is dropped. */
  const choice = useRef(0);

  function fail(message: string) {
    setError(message);
    if (message === NO_DATA_TO_IMPORT) toast.error(NO_DATA_TO_IMPORT);
    else toast.error('Failed to import products', { description: message });
  }

  async function choose(files: File[], rejected: FileRejection[]) {
    setError(null);
    if (rejected.length > 0 || files.length !== 1) return fail(rejected.length ? rejection(rejected) : 'Choose one file at a time.');
    const file = files[0]!;
    const current = ++choice.current;
    setState({ step: 'checking', name: file.name, fraction: 0 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const table = readCsvFile(bytes);
    if (current !== choice.current) return;
    if (!table.ok) {
      setState({ step: 'choose' });
      return fail(table.error);
    }
    const plan = await planImportInSlices(
      category,
      table.value,
      { imagePrefix: publicImagePrefix(publicEnv.supabaseUrl) },
      (checked, total) => {
        if (current === choice.current) setState({ step: 'checking', name: file.name, fraction: checked / total });
      },
      () => current !== choice.current,
    );
    if (!plan) return;
    if (plan.rows.length === 0 && plan.bad.length === 0) {
      setState({ step: 'choose' });
      return fail(NO_DATA_TO_IMPORT);
    }
    setState({ step: 'preview', name: file.name, bytes, table: table.value, plan });
  }

  const dropzone = useDropzone({ accept: ACCEPT, maxFiles: 1, multiple: false, maxSize: IMPORT_MAX_BYTES, onDrop: (f, r) => void choose(f, r) });

  async function start() {
    if (state.step !== 'preview') return;
    const { name, bytes, table, plan } = state;
    setError(null);
    setState({ step: 'importing', name, table, plan, stage: 'upload', fraction: 0 });
    const progress = (stage: 'upload' | 'write', fraction: number) =>
      setState((s) => (s.step === 'importing' ? { ...s, stage, fraction } : s));
    const onEvent = (event: ImportEvent) => {
      if (event.type === 'start') progress('write', 0);
      if (event.type === 'progress') progress('write', event.rows ? event.checked / event.rows : 1);
    };
    request.current = sendImport(new Blob([bytes as BlobPart], { type: 'text/csv' }), category, (f) => progress('upload', f), onEvent);
    const outcome = await request.current.outcome;
    request.current = null;
    if (outcome.type === 'error') {
      setState({ step: 'preview', name, bytes, table, plan });
      return fail(outcome.error);
    }
    const imported = outcome.created + outcome.updated + outcome.unchanged;
    if (imported > 0) toast.success(`${imported} products imported successfully`);
    else toast.error('Failed to import products', { description: 'No row could be imported: see the rows with problems.' });
    setState({ step: 'done', name, table, outcome });
    router.refresh();
  }

  const reset = () => {
    choice.current++;
    setError(null);
    setState({ step: 'choose' });
  };

  return (
    <section aria-labelledby="import-heading" className="adm-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="import-heading" className="adm-h2">
          Import Products
        </h2>
        {/* On a phone the panel pushed the products a screen down; it opens on demand there. */}
        <button
          type="button"
          className="adm-btn sm:hidden"
          aria-expanded={open}
          aria-controls="import-body"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <ChevronUp aria-hidden className="size-4" /> : <ChevronDown aria-hidden className="size-4" />}
          {open ? 'Hide import' : 'Show import'}
        </button>
        <p className={`${open ? '' : 'max-sm:hidden'} text-xs text-stone-muted`}>
          One CSV file in the columns of Export CSV. Rows are matched by SKU: existing products are updated, new ones added.
        </p>
      </div>
      <div id="import-body" className={open ? undefined : 'max-sm:hidden'}>
        {error && (
          <p role="alert" className="adm-error mt-3">
            {error}
          </p>
        )}
        {state.step === 'choose' && (
          <div
            {...dropzone.getRootProps({
              className: `mt-3 flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-5 text-center text-sm ${
                dropzone.isDragActive ? 'border-gold bg-amber-50' : 'border-neutral-300 hover:bg-neutral-50'
              }`,
            })}
          >
            <input {...dropzone.getInputProps({ 'aria-label': 'Choose a CSV file to import' })} />
            <FileUp aria-hidden className="size-5 text-stone-muted" />
            <span>
              <span className="font-medium underline">Choose a CSV file</span> or drop it here
            </span>
            <span className="text-xs text-stone-muted">Up to {IMPORT_MAX_MB} MB</span>
          </div>
        )}
        {state.step === 'checking' && (
          <ProgressStep fraction={state.fraction} label="Check progress" onCancel={reset}>
            Checking <span className="font-medium">{state.name}</span>…
          </ProgressStep>
        )}
        {state.step === 'preview' && <Preview state={state} onImport={() => void start()} onReset={reset} />}
        {state.step === 'importing' && (
          <ProgressStep fraction={state.fraction} label="Import progress" onCancel={() => request.current?.cancel()}>
            Importing <span className="font-medium">{state.name}</span>: {state.stage === 'upload' ? 'uploading' : 'writing products'}…
          </ProgressStep>
        )}
        {state.step === 'done' && (
          <div className="mt-3 space-y-3">
            <p role="status" className="text-sm">
              <span className="font-semibold">{fmt(state.outcome.created + state.outcome.updated + state.outcome.unchanged)} products imported successfully</span> from{' '}
              {state.name}: {fmt(state.outcome.created)} added, {fmt(state.outcome.updated)} updated, {fmt(state.outcome.unchanged)} already up to date
              {state.outcome.skipped > 0 && `, ${fmt(state.outcome.skipped)} ${state.outcome.skipped === 1 ? 'row' : 'rows'} without a SKU skipped`}.
            </p>
            <BadRows table={state.table} bad={state.outcome.bad} category={category} />
            <button type="button" className="adm-btn" onClick={reset}>
              <Upload aria-hidden className="size-4" /> Import another file
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** A step that takes a while: what is happening, its percentage and bar, and Cancel. */
function ProgressStep({ fraction, label, onCancel, children }: { fraction: number; label: string; onCancel(): void; children: React.ReactNode }) {
  return (
    <div className="mt-3 space-y-2" aria-live="polite">
      <p className="text-sm">
        {children} <span className="tabular font-semibold">{Math.round(fraction * 100)}%</span>
      </p>
      <progress className="h-2 w-full accent-gold" max={1} value={fraction} aria-label={label} />
      <button type="button" className="adm-btn h-8" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function Preview({ state, onImport, onReset }: { state: Extract<Step, { step: 'preview' }>; onImport(): void; onReset(): void }) {
  const { table, plan } = state;
  const shown = table.records.slice(0, 5);
  const extra = table.fields.filter((f) => !['sku', 'name'].includes(f) && !plan.ignoredColumns.includes(f)).slice(0, 3);
  const problem = new Map(plan.bad.map((b) => [b.row, b.reason]));
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm">
        <span className="font-medium">{state.name}</span>: {fmt(plan.total)} {plan.total === 1 ? 'row' : 'rows'} — {fmt(plan.rows.length)} ready to import
        {plan.bad.length > 0 && `, ${fmt(plan.bad.length)} with problems`}
        {plan.skipped > 0 && `, ${fmt(plan.skipped)} without a SKU (skipped)`}.
      </p>
      {plan.ignoredColumns.length > 0 && <p className="text-xs text-stone-muted">Columns not imported: {plan.ignoredColumns.join(', ')}.</p>}
      <div className="overflow-x-auto">
        <table className="adm-table">
          <caption className="sr-only">The first rows of the file</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">SKU</th>
              <th scope="col">Name</th>
              {extra.map((f) => (
                <th key={f} scope="col">
                  {f}
                </th>
              ))}
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((record, i) => (
              <tr key={i}>
                <td className="tabular">{i + 2}</td>
                <td className="tabular">{record.sku || '—'}</td>
                <td className="max-w-48 truncate">{record.name}</td>
                {extra.map((f) => (
                  <td key={f} className="max-w-32 truncate">
                    {record[f]}
                  </td>
                ))}
                <td className={problem.has(i + 2) ? 'text-red-700' : 'text-stone-muted'}>{!record.sku?.trim() ? 'skipped' : problem.has(i + 2) ? 'problem' : 'ready'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.bad.length > 0 && <p className="text-xs text-stone-muted">Rows with problems are not imported; they are listed with the reason when the import is done.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="adm-btn-primary" onClick={onImport}>
          <Upload aria-hidden className="size-4" /> Import {fmt(plan.rows.length)} {plan.rows.length === 1 ? 'product' : 'products'}
        </button>
        <button type="button" className="adm-btn" onClick={onReset}>
          Choose another file
        </button>
      </div>
    </div>
  );
}
