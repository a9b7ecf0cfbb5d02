// CSV for the product import: the sample template (the import's columns and
// one example row per category), reading and writing CSV, and the failed rows
// of an import handed back with their errors.
import type { ProductCategory } from '../../api/generated/model/productCategory';
import { PRODUCT_CSV_COLUMNS } from '../../../common/product-csv-columns';

export const SAMPLE_CSV_FILE_NAME = 'products-sample-template.csv';

/** One example row per category (granite, marble, quartz, sink): the contract's own CSV example. */
export const SAMPLE_ROWS: ReadonlyArray<readonly [ProductCategory, ...string[]]> = [
  [
    'granite',
    'Absolute Black Granite',
    'Black',
    '3000x1800x20',
    '8500',
    '12000',
    '2500',
    'Polished jet-black granite from Zimbabwe, ideal for kitchen tops.',
    '/uploads/products/absolute-black-granite.svg',
    '/uploads/installations/absolute-black-kitchen-1.svg;/uploads/installations/absolute-black-kitchen-2.svg',
  ],
  [
    'marble',
    'Carrara White Marble',
    'White',
    '3000x1500x20',
    '14000',
    '19500',
    '3500',
    'Soft grey veining on a white ground.',
    '/uploads/products/carrara-white-marble.svg',
    '',
  ],
  [
    'quartz',
    'Calacatta Gold Quartz',
    'Gold',
    '3200x1600x20',
    '18000',
    '24500.5',
    '4000',
    'Engineered quartz with bold gold veins.',
    '/uploads/products/calacatta-gold-quartz.svg',
    '',
  ],
  [
    'sink',
    'Franke Stainless Steel Double Bowl Sink',
    'Stainless Steel',
    '1160x500x200',
    '18500',
    '24000',
    '',
    'Satin-finish 18/10 stainless steel, with drainer.',
    '/uploads/products/franke-double-bowl.svg',
    '',
  ],
];

export function sampleCsv(): string {
  return toCsv([[...PRODUCT_CSV_COLUMNS], ...SAMPLE_ROWS.map((row) => [...row])]);
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes ("") and line
 * breaks; CRLF, LF and CR all end a record; a leading byte-order mark is
 * dropped, and so is the empty record after a final line break.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < input.length) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && input[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;
const csvField = (value: string): string => (needsQuotes.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Records to CSV text, CRLF line ends, with a final line break. */
export function toCsv(records: ReadonlyArray<readonly string[]>): string {
  return records.map((record) => record.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * 'Row 4: Starting Price is not a number ("abc")' → { row: 4, reason: 'Starting Price is not a number ("abc")' }.
 * Rows are numbered as in a spreadsheet: the header is row 1, the first product row 2.
 */
export function parseImportError(message: string): { row: number; reason: string } | undefined {
  const match = /^\s*row\s+(\d+)\s*[:\-–]\s*(.*)$/is.exec(message);
  if (!match) return undefined;
  return { row: Number(match[1]), reason: match[2].trim() };
}

export const FAILED_ROWS_ERROR_COLUMN = 'Error';

/**
 * The rows of `fileText` that the server's `errors` name, with the original
 * header plus an Error column, so staff fix those rows and import only them.
 * Undefined when no error names a row of the file.
 */
export function failedRowsCsv(fileText: string, errors: readonly string[]): { csv: string; rows: number } | undefined {
  const records = parseCsv(fileText);
  const header = records[0];
  if (!header) return undefined;
  const reasons = new Map<number, string[]>();
  for (const message of errors) {
    const parsed = parseImportError(message);
    // Row 1 is the header; rows beyond the file cannot be handed back.
    if (!parsed || parsed.row < 2 || parsed.row > records.length) continue;
    reasons.set(parsed.row, [...(reasons.get(parsed.row) ?? []), parsed.reason]);
  }
  if (reasons.size === 0) return undefined;
  const width = header.length;
  const rows = [...reasons.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = records[row - 1].slice(0, width);
      while (cells.length < width) cells.push('');
      return [...cells, reasons.get(row)!.join('; ')];
    });
  return { csv: toCsv([[...header, FAILED_ROWS_ERROR_COLUMN], ...rows]), rows: rows.length };
}
