// Fails when the generated code on disk differs from what the contract
// produces now: run `npm run generate` and commit the result. The folders are
// compared by content before and after a fresh run, so a file changed,
// added or left over (one the generators no longer write) is found whether
// or not the checkout has uncommitted changes elsewhere.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Everything `npm run generate` writes. */
const dirs = [
  'src/api/generated',
  'common/generated',
  'server/channels/whatsapp/generated',
  'server/payments/mpesa/generated',
];

function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(path, createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  dirs.forEach(walk);
  return files;
}

// Meta's WhatsApp contract first: the trimmed copy (and the files derived with it) must be what
// scripts/whatsapp/trim-meta-contract.ts makes of the pinned source, or generating from it is moot.
try {
  execSync('npm run whatsapp:contract --silent -- --check', { stdio: 'inherit' });
} catch {
  process.exit(1);
}

const before = snapshot();
execSync('npm run generate --silent', { stdio: 'inherit' });
const after = snapshot();

const changes = [
  ...[...after.keys()].filter((path) => !before.has(path)).map((path) => `added    ${path}`),
  ...[...before.keys()].filter((path) => !after.has(path)).map((path) => `removed  ${path}`),
  ...[...after]
    .filter(([path, hash]) => before.has(path) && before.get(path) !== hash)
    .map(([path]) => `changed  ${path}`),
].sort((a, b) => a.slice(9).localeCompare(b.slice(9)));

if (changes.length > 0) {
  console.error(
    `\n${dirs.join(', ')} were stale — the contract or generator config changed without regenerating:\n${changes.join('\n')}`,
  );
  console.error('\nThey are regenerated now: commit the result.');
  process.exit(1);
}
console.log(`${dirs.join(', ')} are up to date with openapi.yaml, asyncapi.yaml, whatsapp-cloud.yaml and daraja.yaml`);
