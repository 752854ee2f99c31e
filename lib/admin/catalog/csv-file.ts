// The catalog CSV: its size limit and messages over the shared CSV reader (lib/core/csv.ts). The import panel checks
// a file in the browser before sending it, and the server checks it again.
import {
  decodeCsvBytes as decodeWith,
  parseCsvText as parseWith,
  readCsvFile as readWith,
  type Checked,
  type CsvFileRules,
  type CsvTable,
} from '../../core/csv';

export { normalizeHeader, ownText, rowNumber, toCsv, unescapeCell, type Checked, type CsvTable } from '../../core/csv';

/** The largest CSV accepted: about 140,000 bracelets with every column filled in, more of the other categories. */
export const IMPORT_MAX_MB = 64;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const IMPORT_TOO_LARGE = `The file is too large (${IMPORT_MAX_MB} MB at most). Split it into smaller files.`;
export const NO_DATA_TO_IMPORT = 'No data to import';

export const CATALOG_CSV: CsvFileRules = {
  maxBytes: IMPORT_MAX_BYTES,
  tooLarge: IMPORT_TOO_LARGE,
  empty: NO_DATA_TO_IMPORT,
  required: {
    column: 'sku',
    missing: 'The file has no "sku" column. The first line must name the columns (sku, name, …), as an exported file does.',
  },
};

export const decodeCsvBytes = (bytes: Uint8Array): Checked<string> => decodeWith(bytes, CATALOG_CSV);
export const parseCsvText = (text: string): Checked<CsvTable> => parseWith(text, CATALOG_CSV);
/** Reads and checks a whole file: bytes → text → rows. */
export const readCsvFile = (bytes: Uint8Array): Checked<CsvTable> => readWith(bytes, CATALOG_CSV);
