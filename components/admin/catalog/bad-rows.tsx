'use client';
// The rows an import could not take, by row number and reason, and the same rows as a CSV file (their own columns
// plus import_error) to fix and import again.
import { Download } from 'lucide-react';
import { toCsv, type CsvTable } from '@/lib/admin/catalog/csv-file';
import { badRowsTable, type BadRow } from '@/lib/admin/catalog/import-rows';
import { CATEGORY_INFO, type Category } from '@/lib/catalog/categories';

/** Enough to read on screen; the download has them all. */
const SHOWN = 100;

export function BadRows({ table, bad, category }: { table: CsvTable; bad: BadRow[]; category: Category }) {
  if (bad.length === 0) return null;
  function download() {
    const { fields, rows } = badRowsTable(table, bad);
    const url = URL.createObjectURL(new Blob([`\ufeff${toCsv(fields, rows)}`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${CATEGORY_INFO[category].route}-import-problems.csv`;
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
        <h3 className="text-sm font-semibold text-red-800">
          {bad.length === 1 ? '1 row was not imported' : `${bad.length.toLocaleString('en-US')} rows were not imported`}
        </h3>
        <button type="button" className="adm-btn h-8" onClick={download}>
          <Download aria-hidden className="size-4" /> Download rows with problems (CSV)
        </button>
      </div>
      <div className="max-h-72 overflow-auto rounded border border-neutral-200">
        <table className="adm-table">
          <caption className="sr-only">Rows that were not imported</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">SKU</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {bad.slice(0, SHOWN).map((b) => (
              <tr key={b.row}>
                <td className="tabular">{b.row}</td>
                <td className="tabular">{b.sku}</td>
                <td>{b.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bad.length > SHOWN && <p className="text-xs text-stone-muted">The first {SHOWN} are shown; the download has all of them.</p>}
    </div>
  );
}
