// The server reads import files row by row (lib/core/csv-stream.ts). It must see exactly the rows, shapes and
// refusals that reading the whole text gives (lib/core/csv.ts), wherever the 1 MB slices fall, and wait for a
// handler that writes before reading on.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_CSV } from '@/lib/admin/catalog/csv-file';
import { parseCsvText, rowNumber } from '@/lib/core/csv';
import { readCsvRecords } from '@/lib/core/csv-stream';
import { PROJECT_ROOT } from '@/local-stack/config';

const bytes = (s: string) => new TextEncoder().encode(s);

async function streamed(input: Uint8Array, onRecord?: (index: number) => void | Promise<void>) {
  const records: Record<string, string>[] = [];
  const shapes = new Map<number, string>();
  const read = await readCsvRecords(input, CATALOG_CSV, (record, index, shape) => {
    records.push(record);
    if (shape) shapes.set(rowNumber(index), shape);
    return onRecord?.(index);
  });
  return { read, records, shapes };
}

describe('reading a CSV file row by row', () => {
  it('gives the rows, header and shape errors that reading the whole text gives', async () => {
    const text = '\ufeffSKU,Name,Is New Arrival\r\nR-1,"Band, ""wide""\nsecond line",yes\r\n\r\nR-2,Ring\nR-3,a,b,c\n,nameless,\n';
    const whole = parseCsvText(text, CATALOG_CSV);
    const { read, records, shapes } = await streamed(bytes(text));
    if (!whole.ok) throw new Error(whole.error);
    expect(read).toEqual({ ok: true, value: { fields: whole.value.fields, records: whole.value.records.length } });
    expect(records).toEqual(whole.value.records);
    expect(shapes).toEqual(whole.value.shapeErrors);
  });

  it('keeps a character split between two slices whole, across a file of several slices', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `R-${i},Bague en or rosé ${i} — ✦ ${'é'.repeat(i % 7)}`);
    const text = `sku,name\n${rows.join('\n')}\n`;
    expect(bytes(text).byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const whole = parseCsvText(text, CATALOG_CSV);
    const { read, records } = await streamed(bytes(text));
    expect(read).toMatchObject({ ok: true, value: { records: 50_000 } });
    expect(whole.ok && records).toEqual(whole.ok && whole.value.records);
  });

  it('waits for a handler that returns a promise before reading the next row, and stops on its failure', async () => {
    const text = `sku\n${Array.from({ length: 1_200 }, (_, i) => `S-${i}`).join('\n')}\n`;
    const order: string[] = [];
    const { read } = await streamed(bytes(text), (index) => {
      order.push(`read ${index}`);
      if (index % 500 === 499) return new Promise((resolve) => setTimeout(resolve, 20)).then(() => void order.push(`wrote ${index}`));
    });
    expect(read).toMatchObject({ ok: true, value: { records: 1_200 } });
    expect(order.indexOf('wrote 499')).toBe(order.indexOf('read 499') + 1);
    expect(order.indexOf('wrote 999')).toBe(order.indexOf('read 999') + 1);
    expect(order.filter((o) => o.startsWith('read'))).toHaveLength(1_200);

    let seen = 0;
    const failing = streamed(bytes(text), (index) => {
      seen = index + 1;
      if (index === 600) return Promise.reject(new Error('the batch failed'));
    });
    await expect(failing).rejects.toThrow('the batch failed');
    expect(seen).toBe(601);
  });

  it('refuses what reading the whole text refuses, with the same messages', async () => {
    const latin1Late = new Uint8Array([...bytes(`sku,name\n${'R-1,Ring\n'.repeat(200_000)}R-2,Caf`), 0xe9, 0x0a]);
    const cases: [string, Uint8Array, RegExp][] = [
      ['a spreadsheet', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), /^This is a spreadsheet file, not CSV/],
      ['another encoding, after the first slice', latin1Late, /^The file is not UTF-8 text/],
      ['a NUL byte', bytes('sku\nR-1\u0000\n'), /^The file is not a CSV text file/],
      ['broken quoting', bytes('sku,name\nR-1,"Band\nR-2,Ring\n'), /^The file is not valid CSV: a quoted field is not closed properly in row 2\./],
      ['a header only', bytes('sku,name\n'), /^No data to import$/],
      ['no sku column', bytes('code,name\nR-1,Band\n'), /no "sku" column/],
      ['nothing', new Uint8Array(0), /^No data to import$/],
    ];
    for (const [name, input, message] of cases) {
      const { read } = await streamed(input);
      expect(read.ok ? 'read' : read.error, name).toMatch(message);
    }
  });
});

describe('what an import keeps while it reads', () => {
  // In a process of its own, so that nothing else the test runner holds moves the heap figure.
  it('the SKUs a row checker remembers do not keep the file text alive', async () => {
    const script = join(PROJECT_ROOT, 'tests', 'support', 'import-retention.ts');
    const run = spawnSync(process.execPath, ['--expose-gc', '--conditions=react-server', '--import', 'tsx', script], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as { ok: boolean; good: number; keptMb: number; fileMb: number; again: string };
    expect(out).toMatchObject({ ok: true, good: 40_000, again: 'sku: the same SKU is in row 9' });
    // The file is 13.6 MB; the 40,000 SKUs themselves take about 4 MB. With each SKU a slice of the file's text, the
    // checker kept all of the text: 16.4 MB.
    expect(out.fileMb).toBeGreaterThan(13);
    expect(out.keptMb).toBeLessThan(8);
    // A child process that builds a 13.6 MB file: seconds, more on a busy machine; the limit only stops a hang.
  }, 60_000);
});
