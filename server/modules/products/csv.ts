// The product CSV format (spec: Type, Name, Color/Material, Dimensions (mm),
// Starting Price, Ending Price, Installation Price, Description, Product
// Image URL, Installation Image URLs; then Stock and Active, beyond the spec), read with csv-parse and written with
// csv-stringify.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { unstorableText } from '../../app/openapi/openapi';
import { badRequest } from '../../app/errors';
import { UPLOADS_PREFIX } from './images';
import type { Product } from './mapper';
import { PRODUCT_CSV_COLUMNS } from '../../../common/product-csv-columns';
import { PRODUCT_CATEGORIES, SINK_MATERIALS, STONE_COLORS } from '../../../common/generated/enums';

/**
 * Beyond the spec: the export appends these after the spec's columns, so an
 * export imported again keeps stock and status. The import reads them when
 * present; a file without them (or an empty cell) leaves a product's stock
 * and status as they are (a new product: stock 0, active).
 */
export const EXTRA_CSV_COLUMNS = ['Stock', 'Active'] as const;
const ACTIVE_WORDS: Record<string, boolean> = { yes: true, true: true, '1': true, no: false, false: false, '0': false };

const REQUIRED = ['Type', 'Name', 'Dimensions (mm)', 'Starting Price', 'Ending Price'] as const;
// "Dimensions" alone is accepted too: the spec's help text names it so.
const ALIASES: Record<string, string> = { dimensions: 'Dimensions (mm)' };

// The contract's ProductCategory, StoneColor and SinkMaterial, as the generator writes them.
const CATEGORY_LIST = `${PRODUCT_CATEGORIES.slice(0, -1).join(', ')} or ${PRODUCT_CATEGORIES[PRODUCT_CATEGORIES.length - 1]}`;

export type CsvProduct = Pick<Product, 'name' | 'category' | 'startingPrice' | 'endingPrice'> & {
  dimensions: string | null;
  description: string | null;
  color: string | null;
  material: string | null;
  installationPricePerSlab: number | null;
  productImageUrl: string | null;
  installationImageUrls: string[];
  /** Null when the file has no Stock value for the row: the stock stays as it is. */
  stock: number | null;
  /** Null when the file has no Active value for the row: the status stays as it is. */
  isActive: boolean | null;
};

export type CsvRow = { row: number; product?: CsvProduct; error?: string };

function price(value: string, column: string, row: number, optional: boolean): number | null {
  const text = value
    .replace(/,/g, '')
    .replace(/^KES\s*/i, '')
    .trim();
  if (text === '') {
    if (optional) return null;
    throw new Error(`Row ${row}: ${column} is required`);
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) throw new Error(`Row ${row}: ${column} is not a number ("${value}")`);
  return Number(text);
}

const pick = (options: readonly string[], value: string) =>
  options.find((option) => option.toLowerCase() === value.toLowerCase());

/** A file this server stored: /uploads/ and one name, as images.ts writes them. */
const UPLOADED = new RegExp(`^${UPLOADS_PREFIX}[A-Za-z0-9][A-Za-z0-9_-]*(\\.[A-Za-z0-9]+)?$`);

/**
 * An image URL a row may name: an http or https URL, or an image this server
 * stores. Anything else (javascript:, data:, a relative or protocol-relative
 * path, a path out of /uploads/) is refused: the dashboard shows these URLs
 * as images and links.
 */
export function isImageUrl(url: string): boolean {
  if (UPLOADED.test(url)) return true;
  if (!/^https?:\/\/[^/]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** Parses the file; throws a 400 when it is not CSV or lacks required columns. */
export function parseProductsCsv(text: string): CsvRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw badRequest('The file could not be read as CSV', `Could not read the CSV file: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The CSV file is empty', 'The CSV file has no header row');
  const header = records[0].map((name) => ALIASES[name.trim().toLowerCase()] ?? name.trim());
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw badRequest('The CSV file is missing required columns', `Missing required columns: ${missing.join(', ')}`);
  }
  const index = (column: string) => header.indexOf(column);
  return records.slice(1).map((cells, i) => {
    // Row numbers as a spreadsheet shows them: the header is row 1.
    const row = i + 2;
    const cell = (column: string) => (index(column) >= 0 ? (cells[index(column)] ?? '').trim() : '');
    try {
      // No database stores the NUL character in text (nor keeps a leading byte-order mark).
      if (cells.some(unstorableText))
        throw new Error(`Row ${row}: text must not contain NUL characters or begin with a byte-order mark`);
      const type = cell('Type').toLowerCase();
      if (!(PRODUCT_CATEGORIES as readonly string[]).includes(type)) {
        throw new Error(`Row ${row}: Type must be ${CATEGORY_LIST} ("${cell('Type')}")`);
      }
      const category = type as Product['category'];
      const name = cell('Name');
      if (!name) throw new Error(`Row ${row}: Name is required`);
      if (name.length > 200) throw new Error(`Row ${row}: Name is longer than 200 characters`);
      const startingPrice = price(cell('Starting Price'), 'Starting Price', row, false)!;
      const endingPrice = price(cell('Ending Price'), 'Ending Price', row, false)!;
      if (endingPrice < startingPrice) throw new Error(`Row ${row}: Ending Price is lower than Starting Price`);
      const colorOrMaterial = cell('Color/Material');
      let color: string | null = null;
      let material: string | null = null;
      if (colorOrMaterial) {
        const options = category === 'sink' ? SINK_MATERIALS : STONE_COLORS;
        const found = pick(options, colorOrMaterial);
        if (!found) {
          throw new Error(
            `Row ${row}: ${category === 'sink' ? 'Material' : 'Color'} must be one of ${options.join(', ')} ("${colorOrMaterial}")`,
          );
        }
        if (category === 'sink') material = found;
        else color = found;
      }
      const urls = cell('Installation Image URLs')
        .split(';')
        .map((url) => url.trim())
        .filter(Boolean);
      const productImageUrl = cell('Product Image URL') || null;
      if ([productImageUrl ?? '', ...urls].some((url) => url.length > 2048))
        throw new Error(`Row ${row}: an image URL is longer than 2048 characters`);
      const refused = [productImageUrl, ...urls].find((url) => url !== null && !isImageUrl(url));
      if (refused !== undefined) {
        throw new Error(
          `Row ${row}: image URLs must be http:// or https:// URLs or ${UPLOADS_PREFIX} files of this server (${quoted(refused!)})`,
        );
      }
      const dimensions = cell('Dimensions (mm)') || null;
      const description = cell('Description') || null;
      if ((dimensions?.length ?? 0) > 100) throw new Error(`Row ${row}: Dimensions is longer than 100 characters`);
      if ((description?.length ?? 0) > 2000) throw new Error(`Row ${row}: Description is longer than 2000 characters`);
      const stockText = cell('Stock');
      if (stockText !== '' && !/^\d{1,9}$/.test(stockText))
        throw new Error(`Row ${row}: Stock must be a whole number from 0 (${quoted(stockText)})`);
      const activeText = cell('Active');
      const isActive = activeText === '' ? null : ACTIVE_WORDS[activeText.toLowerCase()];
      if (isActive === undefined) throw new Error(`Row ${row}: Active must be yes or no (${quoted(activeText)})`);
      return {
        row,
        product: {
          stock: stockText === '' ? null : Number(stockText),
          isActive,
          category,
          name,
          dimensions,
          description,
          startingPrice,
          endingPrice,
          color,
          material,
          installationPricePerSlab:
            category === 'sink' ? null : price(cell('Installation Price'), 'Installation Price', row, true),
          productImageUrl,
          installationImageUrls: urls,
        },
      };
    } catch (error) {
      return { row, error: (error as Error).message };
    }
  });
}

/**
 * A spreadsheet may run a cell as a formula when its first character other
 * than blanks (spaces, tabs, line breaks) is =, +, - or @ (full-width forms
 * included); a leading apostrophe makes it text. A cell that is exactly a
 * phone number such as +254712345678 is only a number to a spreadsheet, and
 * stays as it is so the column remains usable; with anything around it
 * (blanks, more signs) it is neutralized like any other cell. A cell that
 * starts with a tab or carriage return is made text too.
 */
export function neutralizeFormula(value: string): string {
  if (/^\+\d{7,15}$/.test(value)) return value;
  return /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) || /^[\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV header line (names as given). */
export const csvHeader = (header: readonly string[]) => stringify([header as string[]], { record_delimiter: '\n' });

/**
 * CSV records, each cell neutralized against formulas. Records end with a
 * line break, so batches written one after the other (after csvHeader's line)
 * make one file.
 */
export function csvRecords(rows: (string | number | null)[][]): string {
  return stringify(
    rows.map((cells) => cells.map((cell) => neutralizeFormula(cell === null ? '' : String(cell)))),
    { record_delimiter: '\n' },
  );
}

/** The export's header line. */
export const productsCsvHead = () => csvHeader([...PRODUCT_CSV_COLUMNS, ...EXTRA_CSV_COLUMNS]);

/** The export's cells of one product. */
export const productCells = (p: Product): (string | number | null)[] => [
  p.category,
  p.name,
  p.category === 'sink' ? (p.material ?? null) : (p.color ?? null),
  p.dimensions ?? null,
  p.startingPrice,
  p.endingPrice,
  p.installationPricePerSlab ?? null,
  p.description ?? null,
  p.productImageUrl ?? null,
  p.installationImageUrls.join(';'),
  p.stock,
  p.isActive ? 'yes' : 'no',
];
