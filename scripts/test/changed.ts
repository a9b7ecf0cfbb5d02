// `npm run test:changed`: the inner loop. Runs what the change touches, not the whole suite:
//   * unit tests (vitest --changed: test files that import a changed file, directly or not),
//   * server tests named after the server folders or files touched (server/modules/products/…
//     → server/test/products*.test.ts), and any changed server test file itself,
//   * e2e specs changed or importing a changed file (Playwright's --only-changed), and the spec
//     named after each dashboard feature touched (src/features/settings/… → e2e/settings.spec.ts).
// The change is what differs from HEAD, committed files excluded; `-- --base main` compares
// with another commit instead (everything since it).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { e2eSpecsFor, serverTestsFor } from './changed-files';

const args = process.argv.slice(2);
const baseIndex = args.indexOf('--base');
const base = baseIndex >= 0 ? args[baseIndex + 1] : undefined;
if (baseIndex >= 0 && !base) {
  console.error('--base needs a commit');
  process.exit(2);
}

const git = (...gitArgs: string[]) =>
  execFileSync('git', gitArgs, { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const changed = [
  ...new Set([...git('diff', '--name-only', base ?? 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((file) => existsSync(file));

if (changed.length === 0) {
  console.log(`Nothing changed since ${base ?? 'HEAD'}: no test to run.`);
  process.exit(0);
}
console.log(`Changed since ${base ?? 'HEAD'}:\n  ${changed.join('\n  ')}`);

const listTests = (folder: string, suffix: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(folder, file));

const results: { suite: string; code: number }[] = [];
function run(suite: string, command: string, commandArgs: string[]) {
  console.log(`\n==> ${suite}: ${command} ${commandArgs.join(' ')}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  results.push({ suite, code: result.status ?? 1 });
}

const bin = (name: string) => join('node_modules', '.bin', name);

// Unit tests: vitest follows the import graph itself.
run('unit', bin('vitest'), ['run', `--changed${base ? `=${base}` : ''}`, '--passWithNoTests']);

const serverTests = serverTestsFor(changed, listTests('server/test', '.test.ts'));
if (serverTests.length > 0) run('server', bin('vitest'), ['run', '-c', 'server/test/vitest.config.ts', ...serverTests]);
else console.log('\n==> server: no server test is named after what changed');

const plan = e2eSpecsFor(changed, listTests('e2e', '.spec.ts'));
const onlyChanged = `--only-changed${base ? `=${base}` : ''}`;
// Specs that import a changed e2e helper: Playwright follows the test files' import graph.
if (plan.helpersChanged) run('e2e', bin('playwright'), ['test', onlyChanged, '--pass-with-no-tests']);
// Named specs run as named (--only-changed would narrow them to the changed files).
if (plan.specs.length > 0) run('e2e', bin('playwright'), ['test', ...plan.specs]);
if (!plan.helpersChanged && plan.specs.length === 0) console.log('\n==> e2e: no spec is named after what changed');

console.log('');
for (const { suite, code } of results) console.log(`${suite.padEnd(7)} ${code === 0 ? 'passed' : 'failed'}`);
console.log(`(${basename(process.argv[1] ?? 'changed.ts')}: the whole suite is \`npm test\`)`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
