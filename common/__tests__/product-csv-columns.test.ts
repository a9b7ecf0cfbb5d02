import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../product-csv-columns';

describe('product CSV columns', () => {
  it('are the columns openapi.yaml names for the import, in its order', () => {
    const contract = readFileSync('openapi.yaml', 'utf8');
    const named = /A \.csv file with the columns (.+?)\. At most/.exec(contract)?.[1];
    expect(named?.split(', ')).toEqual([...PRODUCT_CSV_COLUMNS]);
    // The contract's CSV example starts with the same header row.
    expect(contract).toContain(PRODUCT_CSV_COLUMNS.join(','));
  });
});
