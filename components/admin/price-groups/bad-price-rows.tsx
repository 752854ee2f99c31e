'use client';
// The rows an import could not take, by row number and reason, and the same rows as a CSV file (their own columns
// plus import_error) to fix and import again.
import { Download } from 'lucide-react';
import { toCsv, type CsvTable } from '@/lib/core/csv';
import type { BadPriceRow } from '@/lib/admin/price-groups/csv-rows';
import { FILE_TEXT, notImported, PRICE_COLUMNS } from '@/lib/admin/price-groups/labels';
import { badRowsFile } from '@/lib/admin/price-groups/preview';

/** Enough to read on screen; the download has them all. */
const SHOWN = 100;

export function BadPriceRows({ table, bad }: { table: CsvTable; bad: BadPriceRow[] }) {
  if (bad.length === 0) return null;
  function download() {
    const { fields, rows } = badRowsFile(table, bad);
    const url = URL.createObjectURL(new Blob([`\ufeff${toCsv(fields, rows)}`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'price-list-import-problems.csv';
    // In the document while it is clicked: a detached link's download is not started by every browser.
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-red-800">{notImported(bad.length)}</h3>
        <button type="button" className="adm-btn h-8" onClick={download}>
          <Download aria-hidden className="size-4" /> {FILE_TEXT.downloadProblems}
        </button>
      </div>
      <div className="max-h-72 overflow-auto rounded border border-neutral-200" tabIndex={0} role="region" aria-label={notImported(bad.length)}>
        <table className="adm-table">
          <caption className="sr-only">{notImported(bad.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{FILE_TEXT.row}</th>
              <th scope="col">{PRICE_COLUMNS.sku}</th>
              <th scope="col">{FILE_TEXT.reason}</th>
            </tr>
          </thead>
          <tbody>
            {bad.slice(0, SHOWN).map((b) => (
              <tr key={b.row}>
                <td className="tabular">{b.row}</td>
                <td className="tabular break-all">{b.sku}</td>
                <td>{b.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bad.length > SHOWN && <p className="text-xs text-stone-muted">{FILE_TEXT.shownFirst(SHOWN)}</p>}
    </div>
  );
}
