// npm run docs:config: writes docs/configuration.md's environment-variable table from
// server/app/config.ts's ENVIRONMENT. `-- --check` changes nothing and exits 1 when the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CONFIGURATION_DOC, withEnvironmentTable } from './configuration-table';

const doc = readFileSync(CONFIGURATION_DOC, 'utf8');
const fresh = withEnvironmentTable(doc);
const name = relative(process.cwd(), CONFIGURATION_DOC);
if (fresh === doc) console.log(`${name}: the environment-variable table is up to date`);
else if (process.argv.includes('--check')) {
  console.error(`${name}: the environment-variable table is stale: run npm run docs:config`);
  process.exit(1);
} else {
  writeFileSync(CONFIGURATION_DOC, fresh);
  console.log(`${name}: environment-variable table written from server/app/config.ts`);
}
