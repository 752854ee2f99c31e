'use client';
// Import a price list: one CSV file → a preview (the first rows, and every row's form checked a slice at a time with
// the server's own rules, the groups by name included) → importing with a percentage → done, with the rows the
// server refused (unknown SKUs, options a product lacks, and the rest) listed and downloadable to fix.
import { FileUp, Upload } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/toaster';
import type { PriceImportEvent } from '@/lib/admin/price-groups/csv-rows';
import { PRICE_LIST_CSV, PRICE_LIST_MAX_MB } from '@/lib/admin/price-groups/csv-rows';
import { FILE_TEXT, GROUP_TEXT, importButton, importDone, previewSummary } from '@/lib/admin/price-groups/labels';
import { previewPriceList, readPriceList, type PricePreview } from '@/lib/admin/price-groups/preview';
import type { CsvTable } from '@/lib/core/csv';
import { BadPriceRows } from './bad-price-rows';
import { sendPriceList, type PriceImportOutcome, type PriceImportRequest } from './import-request';

type Step =
  | { step: 'choose' }
  | { step: 'checking'; name: string; fraction: number }
  | { step: 'preview'; name: string; bytes: Uint8Array; preview: PricePreview }
  | { step: 'importing'; name: string; bytes: Uint8Array; preview: PricePreview; stage: 'upload' | 'write'; fraction: number }
  | { step: 'done'; name: string; table: CsvTable; outcome: Extract<PriceImportOutcome, { type: 'done' }> };

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv', '.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

function rejection(rejected: FileRejection[]): string {
  const codes = new Set(rejected.flatMap((r) => r.errors.map((e) => e.code)));
  if (codes.has('too-many-files')) return FILE_TEXT.oneFile;
  if (codes.has('file-too-large')) return PRICE_LIST_CSV.tooLarge;
  if (codes.has('file-invalid-type')) return FILE_TEXT.notCsv;
  return FILE_TEXT.cannotImport;
}

export function PriceListImport({ groupNames }: { groupNames: string[] }) {
  const router = useRouter();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const request = useRef<PriceImportRequest | null>(null);
  /** Which file choice is current: a check still running for an earlier one stops and is dropped. */
  const choice = useRef(0);

  function fail(message: string) {
    setError(message);
    toast.error(FILE_TEXT.failed, { description: message });
  }

  async function choose(files: File[], rejected: FileRejection[]) {
    setError(null);
    if (rejected.length > 0 || files.length !== 1) return fail(rejected.length ? rejection(rejected) : FILE_TEXT.oneFile);
    const file = files[0]!;
    const current = ++choice.current;
    setState({ step: 'checking', name: file.name, fraction: 0 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const table = readPriceList(bytes);
    if (current !== choice.current) return;
    if (!table.ok) {
      setState({ step: 'choose' });
      return fail(table.error);
    }
    const preview = await previewPriceList(
      table.value,
      groupNames,
      (checked, total) => current === choice.current && setState({ step: 'checking', name: file.name, fraction: checked / total }),
      () => current !== choice.current,
    );
    if (!preview) return;
    setState({ step: 'preview', name: file.name, bytes, preview });
  }

  const dropzone = useDropzone({ accept: ACCEPT, maxFiles: 1, multiple: false, maxSize: PRICE_LIST_CSV.maxBytes, onDrop: (f, r) => void choose(f, r) });

  async function start() {
    if (state.step !== 'preview') return;
    const { name, bytes, preview } = state;
    setError(null);
    setState({ step: 'importing', name, bytes, preview, stage: 'upload', fraction: 0 });
    const progress = (stage: 'upload' | 'write', fraction: number) => setState((s) => (s.step === 'importing' ? { ...s, stage, fraction } : s));
    const onEvent = (event: PriceImportEvent) => {
      if (event.type === 'start') progress('write', 0);
      if (event.type === 'progress') progress('write', event.rows ? event.checked / event.rows : 1);
    };
    request.current = sendPriceList(new Blob([bytes as BlobPart], { type: 'text/csv' }), (f) => progress('upload', f), onEvent);
    const outcome = await request.current.outcome;
    request.current = null;
    if (outcome.type === 'error') {
      setState({ step: 'preview', name, bytes, preview });
      return fail(outcome.error);
    }
    const imported = outcome.created + outcome.updated + outcome.removed + outcome.unchanged;
    if (imported > 0) toast.success(importDone(outcome));
    else toast.error(FILE_TEXT.failed, { description: FILE_TEXT.noneWritten });
    setState({ step: 'done', name, table: preview.table, outcome });
    router.refresh();
  }

  const reset = () => {
    choice.current++;
    setError(null);
    setState({ step: 'choose' });
  };

  return (
    <section aria-labelledby="price-import-heading" className="adm-panel space-y-3">
      <div>
        <h2 id="price-import-heading" className="adm-h2">
          {FILE_TEXT.importHeading}
        </h2>
        <p className="adm-muted max-w-prose text-xs">{FILE_TEXT.importHelp}</p>
      </div>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
      {state.step === 'choose' && (
        <div
          {...dropzone.getRootProps({
            className: `flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-5 text-center text-sm ${
              dropzone.isDragActive ? 'border-gold bg-amber-50' : 'border-neutral-300 hover:bg-neutral-50'
            }`,
          })}
        >
          <input {...dropzone.getInputProps({ 'aria-label': FILE_TEXT.chooseAria })} />
          <FileUp aria-hidden className="size-5 text-stone-muted" />
          <span>
            <span className="font-medium underline">{FILE_TEXT.choose}</span> {FILE_TEXT.drop}
          </span>
          <span className="text-xs text-stone-muted">{FILE_TEXT.upTo(PRICE_LIST_MAX_MB)}</span>
        </div>
      )}
      {state.step === 'checking' && (
        <ProgressStep fraction={state.fraction} onCancel={reset}>
          {FILE_TEXT.checking} <span className="font-medium">{state.name}</span>…
        </ProgressStep>
      )}
      {state.step === 'preview' && <Preview name={state.name} preview={state.preview} onImport={() => void start()} onReset={reset} />}
      {state.step === 'importing' && (
        <ProgressStep fraction={state.fraction} onCancel={() => request.current?.cancel()}>
          {FILE_TEXT.importing} <span className="font-medium">{state.name}</span>: {state.stage === 'upload' ? FILE_TEXT.uploading : FILE_TEXT.writing}…
        </ProgressStep>
      )}
      {state.step === 'done' && (
        <div className="space-y-3">
          <p role="status" className="text-sm font-semibold">
            {importDone(state.outcome)}
          </p>
          <BadPriceRows table={state.table} bad={state.outcome.bad} />
          <button type="button" className="adm-btn" onClick={reset}>
            <Upload aria-hidden className="size-4" /> {FILE_TEXT.another}
          </button>
        </div>
      )}
    </section>
  );
}

function ProgressStep({ fraction, onCancel, children }: { fraction: number; onCancel(): void; children: React.ReactNode }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm">
        {children} <span className="tabular font-semibold">{Math.round(fraction * 100)}%</span>
      </p>
      <progress className="h-2 w-full accent-gold" max={1} value={fraction} aria-label={FILE_TEXT.importHeading} />
      <button type="button" className="adm-btn h-8" onClick={onCancel}>
        {GROUP_TEXT.cancel}
      </button>
    </div>
  );
}

function Preview({ name, preview, onImport, onReset }: { name: string; preview: PricePreview; onImport(): void; onReset(): void }) {
  const { table } = preview;
  const problem = new Set(preview.bad.map((b) => b.row));
  const columns = ['group', 'sku', 'stone', 'style', 'size', 'price'].filter((c) => table.fields.includes(c));
  return (
    <div className="space-y-3">
      <p className="text-sm">{previewSummary(name, preview.total, preview.ready, preview.bad.length)}</p>
      {preview.ignoredColumns.length > 0 && <p className="text-xs text-stone-muted">{FILE_TEXT.notImportedColumns(preview.ignoredColumns)}</p>}
      {/* Focusable, so a keyboard can scroll a wide file's columns on a phone. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={FILE_TEXT.previewCaption}>
        <table className="adm-table">
          <caption className="sr-only">{FILE_TEXT.previewCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{FILE_TEXT.row}</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              <th scope="col">{FILE_TEXT.check}</th>
            </tr>
          </thead>
          <tbody>
            {table.records.slice(0, 5).map((record, i) => (
              <tr key={i}>
                <td className="tabular">{i + 2}</td>
                {columns.map((c) => (
                  <td key={c} className="tabular max-w-40 truncate">
                    {record[c]}
                  </td>
                ))}
                <td className={problem.has(i + 2) ? 'text-red-700' : 'text-stone-muted'}>{problem.has(i + 2) ? FILE_TEXT.problem : FILE_TEXT.ready}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-stone-muted">
        {preview.bad.length > 0 && `${FILE_TEXT.problemsListed} `}
        {FILE_TEXT.serverChecks}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="adm-btn-primary" onClick={onImport} disabled={preview.ready === 0}>
          <Upload aria-hidden className="size-4" /> {importButton(preview.ready)}
        </button>
        <button type="button" className="adm-btn" onClick={onReset}>
          {FILE_TEXT.chooseAnother}
        </button>
      </div>
    </div>
  );
}
