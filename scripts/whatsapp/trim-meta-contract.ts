// `npm run whatsapp:contract`: derives server/channels/whatsapp/contract/whatsapp-cloud.yaml (the part of
// Meta's WhatsApp contract the server uses, patched), the webhook reader's JSON Schema and the
// README's patch list from Meta's pinned business-messaging-api_v23.0.yaml. The source's SHA-256
// is checked first. What is kept and each patch: scripts/whatsapp/trim.ts.
//
//   --check   derive in memory and fail when a committed file differs (npm run check:generated)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

import { PROJECT_ROOT } from '../../common/contract/root';
import { META_SOURCE_FILE, PATCHES, README_FILE, deriveContractFiles } from './trim';

const check = process.argv.includes('--check');

let files: Map<string, string>;
try {
  files = deriveContractFiles(readFileSync(META_SOURCE_FILE), readFileSync(README_FILE, 'utf8'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const stale = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
const names = (list: typeof stale) => list.map(([path]) => relative(PROJECT_ROOT, path)).join(', ');

if (check) {
  if (stale.length > 0) {
    console.error(`whatsapp-cloud.yaml is stale: run npm run whatsapp:contract (differs: ${names(stale)})`);
    process.exit(1);
  }
  console.log(`WhatsApp contract files are up to date with Meta's pinned source (${PATCHES.length} patches)`);
} else {
  for (const [path, text] of stale) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  console.log(
    stale.length > 0
      ? `wrote ${names(stale)} (${PATCHES.length} patches)`
      : `WhatsApp contract files already up to date (${PATCHES.length} patches)`,
  );
}
