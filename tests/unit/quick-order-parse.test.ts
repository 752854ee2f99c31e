import { describe, expect, it } from 'vitest';
import { MAX_QUICK_ORDER_LINES, parsePastedLines, parseQuickOrderCsv, tooManyLinesMessage } from '@/lib/quick-order/parse';
import { quickOrderRequestSchema } from '@/lib/quick-order/schema';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('pasted quick-order lines', () => {
  it('reads every paste format: spaces, commas, semicolons, tabs from a spreadsheet, and x', () => {
    const text = ['RNG-1001 12', 'RNG-1002,6', 'RNG-1003;3', 'NCK-2001\t24', 'BRC-3001 x 5', 'EAR-4001 × 2'].join('\n');
    expect(parsePastedLines(text)).toEqual({
      entries: [
        { sku: 'RNG-1001', quantity: 12 },
        { sku: 'RNG-1002', quantity: 6 },
        { sku: 'RNG-1003', quantity: 3 },
        { sku: 'NCK-2001', quantity: 24 },
        { sku: 'BRC-3001', quantity: 5 },
        { sku: 'EAR-4001', quantity: 2 },
      ],
      unreadable: [],
    });
  });

  it('takes odd spacing, Windows and old Mac line ends, blank lines, quotes, a header and thousands', () => {
    const text = 'SKU\tQuantity\r\n  RNG-1001     12  \r\n\r\n"RNG-1002","1,200"\rBDY-5001\t1 500\n\u00a0NCK-2001\u00a0 4\n';
    expect(parsePastedLines(text).entries).toEqual([
      { sku: 'RNG-1001', quantity: 12 },
      { sku: 'RNG-1002', quantity: 1200 },
      { sku: 'BDY-5001', quantity: 1500 },
      { sku: 'NCK-2001', quantity: 4 },
    ]);
  });

  it('leaves the quantity to the product when a line has none, and names lines it cannot read', () => {
    const { entries, unreadable } = parsePastedLines('RNG-1001\nRNG-1002 twelve\nRNG-1003 0\nRNG-1004 -3\nRNG 1005 6');
    expect(entries).toEqual([{ sku: 'RNG-1001', quantity: null }]);
    expect(unreadable.map((u) => [u.line, u.reason])).toEqual([
      [2, '“twelve” is not a quantity.'],
      [3, '“0” is not a quantity.'],
      [4, '“-3” is not a quantity.'],
      [5, '“1005 6” is not a quantity.'],
    ]);
  });

  it('refuses more than 500 lines with a message that says nothing was added', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => ({ sku: `RNG-${i}`, quantity: 1 }));
    const parsed = quickOrderRequestSchema.safeParse({ lines });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(tooManyLinesMessage(10_000));
    expect(tooManyLinesMessage(10_000)).toBe(
      'Quick order takes up to 500 lines at a time, and this has 10,000. Split it into smaller lists: nothing was added.',
    );
    expect(quickOrderRequestSchema.safeParse({ lines: lines.slice(0, MAX_QUICK_ORDER_LINES) }).success).toBe(true);
  });
});

describe('quick-order CSV', () => {
  it('reads sku, quantity and the optional option columns (length is a size)', () => {
    const csv = 'SKU,Quantity,Stone,Length,Style,Material\r\nNCK-2001,24,Stone 2,20,necklace,gold\r\nRNG-1001,6,,,,\r\n';
    const result = parseQuickOrderCsv(bytes(csv));
    expect(result).toEqual({
      ok: true,
      value: {
        entries: [
          { sku: 'NCK-2001', quantity: 24, stone: 'Stone 2', size: '20', style: 'necklace', material: 'gold' },
          { sku: 'RNG-1001', quantity: 6 },
        ],
        unreadable: [],
      },
    });
  });

  it('reads formula cells as text: a SKU nobody sells, never something run', () => {
    const result = parseQuickOrderCsv(bytes('sku,quantity\n"=HYPERLINK(""http://x"",""y"")",2\n@SUM(A1),3\n'));
    expect(result.ok && result.value.entries.map((e) => e.sku)).toEqual(['=HYPERLINK("http://x","y")', '@SUM(A1)']);
  });

  it('refuses a file without a sku column, a spreadsheet and an empty file', () => {
    expect(parseQuickOrderCsv(bytes('code,qty\nRNG-1,2\n'))).toMatchObject({ ok: false, error: expect.stringContaining('no "sku" column') });
    expect(parseQuickOrderCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatchObject({ ok: false, error: expect.stringContaining('spreadsheet') });
    expect(parseQuickOrderCsv(new Uint8Array())).toEqual({ ok: false, error: 'The file has no lines to add.' });
  });
});
