import 'server-only';
// A CSV file read row by row on the server, never as one string or one array of rows: the bytes are decoded a slice
// at a time and each record is handed on as Papa Parse reads it. A file of 100,000 products then costs a worker the
// file's bytes (outside the JavaScript heap) and one row at a time, where the whole text and every parsed row used to
// exceed a worker's heap. The checks and messages are lib/core/csv.ts's, so a file is refused for the same reasons.
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { brokenQuoting, csvBytesRefusal, CSV_PARSE_OPTIONS, NOT_CSV_TEXT, NOT_UTF8, rowNumber, shapeError, type Checked, type CsvFileRules } from './csv';

/** Text handed to the parser at a time. */
const SLICE_BYTES = 1024 * 1024;

class Unreadable extends Error {}

/** The bytes as UTF-8 text, slice by slice (a character split between slices is kept whole); the BOM is dropped. */
function* decodedSlices(bytes: Uint8Array): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (slice?: Uint8Array) => {
    let text: string;
    try {
      text = slice ? decoder.decode(slice, { stream: true }) : decoder.decode();
    } catch {
      throw new Unreadable(NOT_UTF8);
    }
    if (text.includes('\u0000')) throw new Unreadable(NOT_CSV_TEXT);
    return text;
  };
  for (let start = 0; start < bytes.byteLength; start += SLICE_BYTES) {
    const text = decode(bytes.subarray(start, start + SLICE_BYTES));
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}

export interface CsvRecords {
  /** Column names as normalised. */
  fields: string[];
  /** How many records the file holds (blank lines aside). */
  records: number;
}

/** One record, its index (rowNumber(index) is its row) and what is wrong with its shape, if anything. */
export type CsvRecordHandler = (record: Record<string, string>, index: number, shapeError: string | undefined) => void | Promise<void>;

/**
 * Reads every record of the file in order. When `onRecord` returns a promise, reading waits for it; if it rejects,
 * reading stops and this rejects with its error. A file that cannot be read (a spreadsheet, another encoding, broken
 * quoting, no rows, no key column) resolves to its reason; the rows before the fault have been handed on by then, so
 * a caller that writes should read the file once to check it first.
 */
export function readCsvRecords(bytes: Uint8Array, rules: CsvFileRules, onRecord: CsvRecordHandler): Promise<Checked<CsvRecords>> {
  const refused = csvBytesRefusal(bytes, rules);
  if (refused) return Promise.resolve({ ok: false, error: refused });
  return new Promise((resolve, reject) => {
    let settled = false;
    let fields: string[] | null = null;
    let index = 0;
    const settle = (outcome: Checked<CsvRecords>) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    Papa.parse<Record<string, string>>(Readable.from(decodedSlices(bytes)) as unknown as File, {
      ...CSV_PARSE_OPTIONS,
      step(result, parser) {
        if (settled) return parser.abort();
        if (!fields) {
          fields = (result.meta.fields ?? []).filter((f) => f !== '');
          if (!fields.includes(rules.required.column)) {
            settle({ ok: false, error: rules.required.missing });
            return parser.abort();
          }
        }
        if (result.errors.some((e) => e.type === 'Quotes')) {
          settle({ ok: false, error: brokenQuoting(` in row ${rowNumber(index)}`) });
          return parser.abort();
        }
        const mismatch = result.errors.find((e) => e.type === 'FieldMismatch');
        const waiting = onRecord(result.data, index++, mismatch ? shapeError(mismatch.code) : undefined);
        if (waiting) {
          parser.pause();
          waiting.then(
            () => parser.resume(),
            (err: unknown) => {
              fail(err);
              parser.abort();
            },
          );
        }
      },
      complete() {
        settle(index === 0 ? { ok: false, error: rules.empty } : { ok: true, value: { fields: fields ?? [], records: index } });
      },
      error(err: unknown) {
        if (err instanceof Unreadable) settle({ ok: false, error: err.message });
        else fail(err);
      },
    });
  });
}
