// jitless.ts sets zod's configuration without importing zod (which would put zod into the entry
// chunk): zod adopts globalThis.__zod_globalConfig when it loads. Checked in a fresh Node process,
// where zod loads after jitless.ts as in the browser, with Function watched: zod must not probe
// for eval, which the production Content-Security-Policy would report.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from 'zod/v4/core';
import '../jitless';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Loads zod (after jitless.ts when `withJitless`), parses with an object schema, counts `new Function` calls. */
function runZod(withJitless: boolean): { jitless: boolean; parsed: boolean; evalCalls: number } {
  const script = `
    let evalCalls = 0;
    globalThis.Function = new Proxy(Function, {
      construct: (target, args) => (evalCalls++, Reflect.construct(target, args)),
      apply: (target, self, args) => (evalCalls++, Reflect.apply(target, self, args)),
    });
    ${withJitless ? "await import('./src/lib/zod/jitless.ts');" : ''}
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), count: z.number() });
    const parsed = schema.safeParse({ name: 'slab', count: 2 }).success && !schema.safeParse({ name: 1 }).success;
    console.log(JSON.stringify({ jitless: z.config().jitless === true, parsed, evalCalls }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { jitless: boolean; parsed: boolean; evalCalls: number };
}

describe('zod without eval', () => {
  it('is configured jitless when zod was loaded first', () => {
    expect(config().jitless).toBe(true);
  });

  it('is configured jitless when zod loads after it, and never probes for eval', () => {
    expect(runZod(true)).toEqual({ jitless: true, parsed: true, evalCalls: 0 });
  });

  it('(the check itself) sees the probe when jitless.ts is left out', () => {
    const result = runZod(false);
    expect(result.jitless).toBe(false);
    expect(result.evalCalls).toBeGreaterThan(0);
  });
});
