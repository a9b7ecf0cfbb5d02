// The product CSV's header row, in order: the one list the dashboard (sample template, failed
// rows handed back) and the reference server (import and export) both use. openapi.yaml names
// the same columns in the import call's description; product-csv-columns.test.ts holds the two
// equal.
export const PRODUCT_CSV_COLUMNS = [
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
] as const;
