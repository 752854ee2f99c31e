import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, IMPORT_MAX_BYTES, parseCsvText, readCsvFile, toCsv, unescapeCell, type CsvTable } from '@/lib/admin/catalog/csv-file';
import { exportCells } from '@/lib/admin/catalog/export-row';
import { csvColumns } from '@/lib/admin/catalog/fields';
import { badRowsTable, checkImageUrl, planImport, planImportInSlices, PLAN_SLICE_ROWS } from '@/lib/admin/catalog/import-rows';
import { imageFormatOf, objectPathFromUrl, publicImagePrefix } from '@/lib/storage/image-rules';

const SUPABASE = 'http://127.0.0.1:54321';
const imagePrefix = publicImagePrefix(SUPABASE);
const bytes = (s: string) => new TextEncoder().encode(s);

function table(csv: string): CsvTable {
  const parsed = parseCsvText(csv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
const plan = (csv: string, category: Parameters<typeof planImport>[0] = 'rings') => planImport(category, table(csv), { imagePrefix });

describe('reading a CSV file', () => {
  it('refuses spreadsheets, other encodings, binary files, empty and oversized files with a clear message', () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    const latin1 = new Uint8Array([0x73, 0x6b, 0x75, 0x0a, 0x43, 0x61, 0x66, 0xe9]); // "sku\nCafé" in Windows-1252
    const utf16 = new Uint8Array([0xff, 0xfe, 0x73, 0x00]);
    expect(decodeCsvBytes(xlsx)).toEqual({ ok: false, error: expect.stringMatching(/^This is a spreadsheet file, not CSV\. Save it as "CSV UTF-8/) });
    expect(decodeCsvBytes(xls)).toMatchObject({ ok: false, error: expect.stringMatching(/spreadsheet/) });
    expect(decodeCsvBytes(latin1)).toMatchObject({ ok: false, error: expect.stringMatching(/^The file is not UTF-8 text/) });
    expect(decodeCsvBytes(utf16)).toMatchObject({ ok: false, error: expect.stringMatching(/UTF-16/) });
    expect(decodeCsvBytes(bytes('sku\n\u0000'))).toMatchObject({ ok: false, error: expect.stringMatching(/not a CSV text file/) });
    expect(decodeCsvBytes(new Uint8Array(0))).toEqual({ ok: false, error: 'No data to import' });
    expect(decodeCsvBytes(new Uint8Array(IMPORT_MAX_BYTES + 1))).toMatchObject({ ok: false, error: expect.stringMatching(/too large \(64 MB at most\)/) });
  });

  it('drops a byte-order mark and lower-cases header names', () => {
    const read = readCsvFile(bytes('\ufeffSKU,Name,Is New Arrival\r\nR-1,Band,yes\r\n'));
    expect(read.ok && read.value.fields).toEqual(['sku', 'name', 'is_new_arrival']);
    expect(read.ok && read.value.records).toEqual([{ sku: 'R-1', name: 'Band', is_new_arrival: 'yes' }]);
  });

  it('refuses broken quoting, a file without rows and one without a sku column', () => {
    expect(parseCsvText('sku,name\nR-1,"Band\nR-2,Ring\n')).toMatchObject({ ok: false, error: expect.stringMatching(/^The file is not valid CSV: a quoted field is not closed properly/) });
    expect(parseCsvText('sku,name\n')).toEqual({ ok: false, error: 'No data to import' });
    expect(parseCsvText('code,name\nR-1,Band\n')).toMatchObject({ ok: false, error: expect.stringMatching(/no "sku" column/) });
  });
});

describe('the import rules, row by row', () => {
  it('skips rows without a sku and defaults the name, weight, MOQ and ticks', () => {
    const p = plan(
      'sku,name,weight,moq,is_new_arrival,is_mens_jewelry,is_adjustable,price_stone1\n' +
        ',Nameless,1,1,true,true,true,10\n' +
        'R-1,,heavy,lots,TRUE,Yes,1,10\n' +
        'R-2,Band,2.5,12,no,0,false,\n' +
        '  ,Blank sku,,,,,,\n',
    );
    expect(p).toMatchObject({ total: 4, skipped: 2, bad: [] });
    expect(p.rows.map((r) => [r.row, r.sku])).toEqual([[3, 'R-1'], [4, 'R-2']]);
    expect(p.rows[0]!.product).toMatchObject({ name: 'Untitled Product', weight: null, moq: 1, is_new_arrival: true, is_mens_jewelry: true, is_adjustable: true, price_stone1: 10 });
    expect(p.rows[1]!.product).toMatchObject({ name: 'Band', weight: 2.5, moq: 12, is_new_arrival: false, is_mens_jewelry: false, is_adjustable: false, price_stone1: null });
  });

  it('lists each bad row with its number and reason, and keeps the good ones', () => {
    const p = plan(
      'sku,name,price_stone1,moq,material,weight\n' +
        'R-1,Good,10.00,1,gold,\n' +
        'R-2,Bad price,12.345,1,,\n' +
        'R-3,Bad moq,5,0,,\n' +
        'R-1,Same sku,5,1,,\n' +
        'R-4,Odd metal,5,1,tin,-2\n' +
        'R-5,Short row\n',
    );
    expect(p.rows.map((r) => r.sku)).toEqual(['R-1']);
    expect(p.bad).toEqual([
      { row: 3, sku: 'R-2', reason: 'price_stone1: Price (Stone 1) can have at most 2 decimals (steps of 0.01)' },
      { row: 4, sku: 'R-3', reason: 'moq: MOQ must be a whole number from 1 to 1,000,000' },
      { row: 5, sku: 'R-1', reason: 'sku: the same SKU is in row 2' },
      { row: 6, sku: 'R-4', reason: 'material: Material must be one of silver, gold, rose-gold; weight: Weight cannot be negative' },
      { row: 7, sku: 'R-5', reason: 'the row has fewer fields than the header' },
    ]);
  });

  it('checks a file a slice at a time in the browser, with progress, to the same plan; a newer choice cancels it', async () => {
    const lines = ['sku,name,price_stone1,moq'];
    for (let i = 0; i < 2 * PLAN_SLICE_ROWS + 17; i++) lines.push(i % 7 === 3 ? `R-${i},Bad,1.234,1` : i % 11 === 5 ? `,No sku,1,1` : `R-${i},Ring ${i},${i}.5,1`);
    lines.push('R-1,Same sku,1,1');
    const t = table(lines.join('\n'));
    const seen: [number, number][] = [];
    const sliced = await planImportInSlices('rings', t, { imagePrefix }, (checked, total) => seen.push([checked, total]));
    expect(sliced).toEqual(planImport('rings', t, { imagePrefix }));
    expect(sliced!.bad.at(-1)).toMatchObject({ sku: 'R-1', reason: 'sku: the same SKU is in row 3' });
    const total = t.records.length;
    expect(seen).toEqual([[PLAN_SLICE_ROWS, total], [2 * PLAN_SLICE_ROWS, total], [total, total]]);

    let slices = 0;
    const cancelled = await planImportInSlices('rings', t, { imagePrefix }, () => slices++, () => slices >= 1);
    expect(cancelled).toBeNull();
    expect(slices).toBe(1);
  });

  it('builds stone_details from stone1 and stone2', () => {
    const p = plan('sku,stone,stone1,stone2,price_stone1,price_stone2\nR-1,Ruby,Ruby,Onyx,10,12\nR-2,Ruby,,,10,\nR-3,,,Onyx,10,12\n');
    expect(p.rows[0]!.product).toMatchObject({ stone: 'Ruby', stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' } });
    expect(p.rows[1]!.product).toMatchObject({ stone: 'Ruby', stone_details: null });
    expect(p.bad).toEqual([{ row: 4, sku: 'R-3', reason: "stone1: Enter Stone 1 (or Stone) before a second stone" }]);
  });

  it('attaches an image_url only when it is one of the bucket\'s files', () => {
    const good = `${imagePrefix}rings/abc/1.webp`;
    expect(checkImageUrl(good, imagePrefix)).toEqual({ ok: true, url: good });
    expect(checkImageUrl('', imagePrefix)).toEqual({ ok: true, url: null });
    expect(checkImageUrl(`${imagePrefix}rings/./abc/1.webp`, imagePrefix).ok).toBe(false);
    expect(checkImageUrl(`${imagePrefix}rings/abc/%31.webp`, imagePrefix)).toEqual({ ok: true, url: `${imagePrefix}rings/abc/%31.webp` });
    const escapes = [
      `${imagePrefix}%2e%2e/%2e%2e/%2e%2e/%2e%2e/x.png`,
      `${imagePrefix}rings/%2E%2E/%2e%2e/other-bucket/x.png`,
      `${imagePrefix}.%2e/x.png`,
      `${imagePrefix}rings%2f..%2fx.png`,
      `${imagePrefix}rings/%5c..%5cx.png`,
      `${imagePrefix}rings/x.png?download`,
      `${imagePrefix}rings/%E0%A4%A.png`,
    ];
    for (const bad of ['https://example.com/a.jpg', `${imagePrefix}`, `${imagePrefix}rings/../x.png`, `${imagePrefix}a b.png`, ...escapes]) {
      expect(checkImageUrl(bad, imagePrefix).ok, bad).toBe(false);
    }
    const p = plan(`sku,image_url\nR-1,${good}\nR-2,javascript:alert(1)\n`);
    expect(p.rows[0]!.imageUrl).toBe(good);
    expect(p.bad[0]).toMatchObject({ row: 3, reason: expect.stringMatching(/^image_url: must be an image stored/) });
  });

  it('names the columns it does not read', () => {
    expect(plan('sku,name,colour,notes\nR-1,A,red,x\n').ignoredColumns).toEqual(['colour', 'notes']);
  });

  it('the refused rows download as their own columns plus import_error', () => {
    const t = table('sku,name,price_stone1\nR-1,Good,1\nR-2,Bad,x\n');
    const p = planImport('rings', t, { imagePrefix });
    expect(badRowsTable(t, p.bad)).toEqual({
      fields: ['sku', 'name', 'price_stone1', 'import_error'],
      rows: [['R-2', 'Bad', 'x', 'price_stone1: Price (Stone 1) must be a number, like 12.50']],
    });
  });
});

describe('export and import round-trip', () => {
  it('a stored necklace exported and read back gives the same columns', () => {
    const stored: Record<string, unknown> = {
      sku: 'NK-1', name: '=Rope "Chain", 18"', description: 'Line one\nLine two', material: 'rose-gold', stone: 'Pearl',
      stone_details: { Stone1: 'Pearl', Stone2: 'Onyx' }, weight: '12.30', moq: 2, pack_size: 6,
      price_breaks: [{ minQuantity: 50, percentOff: 10 }, { minQuantity: 12, percentOff: 2.5 }], necklace_type: 'Chain', chain_length: '18"',
      clasp_type: null, is_new_arrival: true, is_mens_jewelry: false, is_adjustable: false, is_bracelet: true,
      n_price_18_stone1: '45.00', n_price_18_stone2: '50.50', b_price_7_stone1: '30.00', image_url: `${imagePrefix}necklaces/x/1.webp`,
    };
    const csv = toCsv(csvColumns('necklaces'), [exportCells('necklaces', stored, imagePrefix)]);
    const p = planImport('necklaces', table(csv), { imagePrefix });
    expect(p.bad).toEqual([]);
    expect(p.rows[0]!.imageUrl).toBe(stored.image_url);
    expect(p.rows[0]!.product).toMatchObject({
      sku: 'NK-1', name: '=Rope "Chain", 18"', description: 'Line one\nLine two', material: 'rose-gold', stone: 'Pearl',
      stone_details: { Stone1: 'Pearl', Stone2: 'Onyx' }, weight: 12.3, moq: 2, necklace_type: 'Chain', chain_length: '18"',
      pack_size: 6, price_breaks: [{ minQuantity: 12, percentOff: 2.5 }, { minQuantity: 50, percentOff: 10 }],
      clasp_type: null, is_new_arrival: true, is_bracelet: true, n_price_18_stone1: 45, n_price_18_stone2: 50.5,
      b_price_7_stone1: 30, n_price_16_stone1: null,
    });
  });

  it('writes pack_size and price_breaks as the buyer-facing spelling, and reads a bad list back as the row’s reason', () => {
    const cells = exportCells('rings', { name: 'Band', pack_size: 6, price_breaks: [{ minQuantity: 10, percentOff: 5 }] }, imagePrefix);
    const columns = csvColumns('rings');
    expect(cells[columns.indexOf('pack_size')]).toBe('6');
    expect(cells[columns.indexOf('price_breaks')]).toBe('10:5');
    const p = planImport('rings', table('sku,name,pack_size,price_breaks\nR-1,A,0,\nR-2,B,,50:10;10:5\nR-3,C,,\n'), { imagePrefix });
    expect(p.bad.map((b) => b.reason)).toEqual([
      'pack_size: Pack size must be a whole number from 1 to 10,000',
      'price_breaks: Price break quantities must go up, each larger than the one before',
    ]);
    expect(p.rows[0]!.product).toMatchObject({ pack_size: 1, price_breaks: [] });
  });

  it('formula cells are guarded in the file and restored on import', () => {
    expect(toCsv(['a'], [['=1+1'], ['-3'], ['plain']])).toBe("a\r\n\"'=1+1\"\r\n\"'-3\"\r\nplain\r\n");
    expect(unescapeCell("'=1+1")).toBe('=1+1');
    expect(unescapeCell("'plain")).toBe("'plain");
  });
});

describe('image rules', () => {
  it('knows the four formats by content and the bucket by URL', () => {
    expect(imageFormatOf({ format: 'jpeg' })).toBe('jpeg');
    expect(imageFormatOf({ format: 'heif', compression: 'av1' })).toBe('avif');
    expect(imageFormatOf({ format: 'heif', compression: 'hevc' })).toBeNull();
    expect(imageFormatOf({ format: 'svg' })).toBeNull();
    expect(objectPathFromUrl(`${imagePrefix}rings/a%20b/1.png`, SUPABASE)).toBe('rings/a b/1.png');
    expect(objectPathFromUrl('https://elsewhere.test/storage/v1/object/public/product-images/x.png', SUPABASE)).toBeNull();
    expect(objectPathFromUrl(`${imagePrefix}rings/../x.png`, SUPABASE)).toBeNull();
  });
});
