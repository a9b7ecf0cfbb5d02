import { describe, expect, it } from 'vitest';
import { createProductBody } from '../../../api/generated/zod/products/products.zod';
import { PRODUCT_CSV_COLUMNS } from '../../../../common/product-csv-columns';
import { failedRowsCsv, parseCsv, parseImportError, sampleCsv, toCsv } from '../csv';

describe('sample CSV', () => {
  const records = parseCsv(sampleCsv());

  it("has the import's columns, in order", () => {
    expect(records[0]).toEqual([
      'Type',
      'Name',
      'Color/Material',
      'Dimensions (mm)',
      'Starting Price',
      'Ending Price',
      'Installation Price',
      'Description',
      'Product Image URL',
      'Installation Image URLs',
    ]);
  });

  it('has four example rows: granite, marble, quartz, sink, each as wide as the header', () => {
    expect(records.slice(1).map((row) => row[0])).toEqual(['granite', 'marble', 'quartz', 'sink']);
    for (const row of records.slice(1)) expect(row).toHaveLength(PRODUCT_CSV_COLUMNS.length);
  });

  it('fills every required column with a value the contract accepts', () => {
    for (const [type, name, colorOrMaterial, dimensions, start, end, installation] of records.slice(1)) {
      expect(name).not.toBe('');
      expect(dimensions).toMatch(/^\d+x\d+x\d+$/);
      const body = createProductBody.safeParse({
        name,
        category: type,
        startingPrice: start,
        endingPrice: end,
        ...(type === 'sink'
          ? { material: colorOrMaterial }
          : { color: colorOrMaterial, installationPricePerSlab: installation }),
      });
      expect(body.success, `${name}: ${body.error?.message}`).toBe(true);
    }
  });

  it('quotes the description that holds a comma, and separates installation images with semicolons', () => {
    const text = sampleCsv();
    expect(text).toContain('"Polished jet-black granite from Zimbabwe, ideal for kitchen tops."');
    expect(records[1][9].split(';')).toHaveLength(2);
  });
});

describe('CSV parsing and writing', () => {
  it('reads quoted fields with commas, quotes and line breaks, any line end, and a byte-order mark', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\r3,,\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
      ['3', '', ''],
    ]);
  });

  it('keeps blank lines in the middle as records, so row numbers match the file', () => {
    expect(parseCsv('h\n\nx')).toEqual([['h'], [''], ['x']]);
  });

  it('round-trips what it writes', () => {
    const records = [
      ['Name', 'Description'],
      ['A "quoted" name', 'comma, and\nnewline'],
      [' padded ', ''],
    ];
    expect(parseCsv(toCsv(records))).toEqual(records);
  });
});

describe('import errors', () => {
  it('reads the row number and the reason', () => {
    expect(parseImportError('Row 4: Starting Price is not a number ("abc")')).toEqual({
      row: 4,
      reason: 'Starting Price is not a number ("abc")',
    });
    expect(parseImportError('row 12 - Name is required')).toEqual({ row: 12, reason: 'Name is required' });
    expect(parseImportError('Missing required columns: Type')).toBeUndefined();
  });
});

describe('failed rows CSV', () => {
  // Six products (rows 2-7) as in the contract's example: rows 4 and 7 fail.
  const file = [
    'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs',
    'granite,Row Two,Black,3000x1800x20,8500,12000,2500,,,',
    'marble,Row Three,White,3000x1500x20,14000,19500,3500,,,',
    'quartz,"Row Four, quoted",Gold,3200x1600x20,abc,24500,4000,"has ""quotes""",,',
    'sink,Row Five,Ceramic,1000x500x180,15000,18000,,,,',
    'granite,Row Six,Grey,3000x1800x20,9000,10000,,,,',
    'limestone,Row Seven,Beige,3000x1800x20,9000,10000,,,,',
  ].join('\n');
  const errors = [
    'Row 4: Starting Price is not a number ("abc")',
    'Row 7: Type must be granite, marble, quartz or sink ("limestone")',
  ];

  it('hands back only the failed rows, as in the file, with an Error column', () => {
    const result = failedRowsCsv(file, errors)!;
    expect(result.rows).toBe(2);
    const records = parseCsv(result.csv);
    expect(records[0]).toEqual([...PRODUCT_CSV_COLUMNS, 'Error']);
    expect(records[1]).toEqual([
      'quartz',
      'Row Four, quoted',
      'Gold',
      '3200x1600x20',
      'abc',
      '24500',
      '4000',
      'has "quotes"',
      '',
      '',
      'Starting Price is not a number ("abc")',
    ]);
    expect(records[2][1]).toBe('Row Seven');
    expect(records[2][10]).toBe('Type must be granite, marble, quartz or sink ("limestone")');
    expect(records).toHaveLength(3);
  });

  it('joins several errors of one row and orders rows as in the file', () => {
    const result = failedRowsCsv(file, [
      'Row 5: Dimensions missing',
      'Row 3: Name too long',
      'Row 5: Ending Price is not a number',
    ])!;
    const records = parseCsv(result.csv);
    expect(records.map((r) => r[1])).toEqual(['Name', 'Row Three', 'Row Five']);
    expect(records[2][10]).toBe('Dimensions missing; Ending Price is not a number');
  });

  it('pads short rows to the header width', () => {
    const result = failedRowsCsv('Type,Name,Starting Price\nsink,Short', ['Row 2: Starting Price is required'])!;
    expect(parseCsv(result.csv)[1]).toEqual(['sink', 'Short', '', 'Starting Price is required']);
  });

  it('gives nothing when no error names a row of the file', () => {
    expect(failedRowsCsv(file, ['Something went wrong'])).toBeUndefined();
    expect(failedRowsCsv(file, ['Row 1: header?', 'Row 99: beyond the file'])).toBeUndefined();
    expect(failedRowsCsv('', errors)).toBeUndefined();
  });
});
