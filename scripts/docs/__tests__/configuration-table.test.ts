// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../common/contract/root';
import { ENVIRONMENT } from '../../../server/app/config';
import { CONFIGURATION_DOC, environmentTable, withEnvironmentTable } from '../configuration-table';

/** Set by the server for a child process of its own (server/db/connection.ts), not by an operator. */
const INTERNAL = new Set(['PGLITE_INITDB']);

/** The server's own code: every .ts file under server/ but its tests and generated code. */
function serverSources(dir = join(PROJECT_ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['test', 'generated'].includes(entry.name) ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The environment variables a file reads: env.NAME, env['NAME'], number(env, 'NAME', …), flag(env, 'NAME', …) and the WhatsApp list. */
function variablesRead(source: string): string[] {
  const names = [
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g),
    ...source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g),
    ...source.matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g),
  ].map((match) => match[1]);
  const whatsapp = /const WHATSAPP_REQUIRED = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...names, ...[...whatsapp.matchAll(/'([A-Z][A-Z0-9_]*)'/g)].map((match) => match[1])];
}

describe("docs/configuration.md's environment variables", () => {
  it('the table in the page is the one printed from server/app/config.ts (npm run docs:config writes it)', () => {
    const doc = readFileSync(CONFIGURATION_DOC, 'utf8');
    expect(withEnvironmentTable(doc), 'docs/configuration.md is stale: run npm run docs:config').toBe(doc);
  });

  it('lists every variable the server and the gateway read, and only those', () => {
    const read = new Map<string, string>();
    for (const file of serverSources())
      for (const name of variablesRead(readFileSync(file, 'utf8')))
        if (!INTERNAL.has(name) && !read.has(name)) read.set(name, relative(PROJECT_ROOT, file));
    const listed = ENVIRONMENT.map((v) => v.name);
    const unlisted = [...read].filter(([name]) => !listed.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(unlisted, 'read by the server but missing from ENVIRONMENT in server/app/config.ts').toEqual([]);
    expect(
      listed.filter((name) => !read.has(name)),
      'in ENVIRONMENT but read nowhere in server/',
    ).toEqual([]);
  });

  it('names each variable once, with what it does', () => {
    const names = ENVIRONMENT.map((v) => v.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(ENVIRONMENT.filter((v) => !v.description.trim()).map((v) => v.name)).toEqual([]);
  });

  it('prints one row a variable, with pipes in the text escaped', () => {
    const table = environmentTable([
      { name: 'A_B', default: '`1`', readBy: 'both', description: 'one | two\nlines' },
      { name: 'C', readBy: 'gateway', description: 'three' },
    ]);
    expect(table.split('\n')).toEqual([
      '| variable | default | read by | what it does |',
      '| --- | --- | --- | --- |',
      '| `A_B` | `1` | server, gateway | one \\| two lines |',
      '| `C` |  | gateway | three |',
    ]);
  });

  it('writes between the markers and leaves the rest of the page alone', () => {
    const page =
      '# Configuration\n\nBefore.\n\n<!-- environment-variables:start (written by npm run docs:config from server/app/config.ts) -->\nold\n<!-- environment-variables:end -->\n\nAfter.\n';
    const once = withEnvironmentTable(page, [{ name: 'X', readBy: 'server', description: 'x' }]);
    expect(once).toContain('Before.\n\n<!-- prettier-ignore-start -->\n<!-- environment-variables:start');
    expect(once).toContain(
      '| `X` |  | server | x |\n\n<!-- environment-variables:end -->\n<!-- prettier-ignore-end -->\n\nAfter.\n',
    );
    expect(once).not.toContain('old');
    expect(withEnvironmentTable(once, [{ name: 'X', readBy: 'server', description: 'x' }])).toBe(once);
    expect(() => withEnvironmentTable('# no markers\n')).toThrow(/lacks the markers/);
  });
});
