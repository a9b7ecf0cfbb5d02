// `npm run test:cost` (part of `npm test`): catches a change that makes a
// screen's call markedly dearer, in seconds rather than the minutes of
// `npm run bench:server`. The same calls on a small business (BENCH_SCALE
// 0.05: 5,000 conversations, 50,000 messages), on a PostgreSQL server when
// one can be started here (PGlite otherwise), each asked in 3 rounds often
// enough to spend about 1 s of CPU a round; each call's CPU per request (server and database, from /proc)
// divided by the session check's (GET /api/auth/me) in the same run, so that
// a slower or busier machine moves both alike. The verdict compares each
// call against the whole basket (the geometric mean of every call's ratio, in
// this run and in the committed one) rather than the session check alone: one
// cheap call's own noise (0.40 ms on one machine, 0.51 ms on another) would
// otherwise move every ratio at once. A call more than 1.5× dearer than its
// committed share of the basket is measured in 3 more rounds; it fails only
// if it is still that much dearer over all 6, named with both ratios.
//
//   npm run test:cost                 check against scripts/bench/baseline/cost-ratios.json
//   npm run test:cost -- --update     write this run's ratios there (say why in the commit)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../common/dev/ports';
import { openDatabase } from '../../server/db/connection';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../../server/test/processes';
import { cpuReadable, postgresCpuMs } from './cpu';
import { basketDrift } from './stats';

const BASELINE = join(import.meta.dirname, 'baseline', 'cost-ratios.json');
/** A call this much dearer than its committed ratio fails. */
const TOLERANCE = 1.5;
/**
 * Each call is asked often enough in a round to spend about this much CPU
 * (at least MIN_REQUESTS times): /proc counts CPU in 10 ms ticks, so a cheap
 * call asked 200 times would be measured to ±7 %.
 */
const CPU_PER_ROUND_MS = 1000;
const MIN_REQUESTS = 200;
const MAX_REQUESTS = 3000;
/** Rounds over every call (the median is kept), and concurrent connections. */
const ROUNDS = 3;
const CONNECTIONS = 4;
const update = process.argv.includes('--update');

type Baseline = { scale: number; cpuPerRoundMs: number; ratios: Record<'postgres' | 'pglite', Record<string, number>> };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<number> {
  if (!cpuReadable()) {
    console.log('test:cost skipped: this machine has no /proc to read CPU time from');
    return 0;
  }
  // The benchmark's module reads its scale and port when it loads.
  process.env.BENCH_SCALE = '0.05';
  process.env.BENCH_PORT = String(await freePort());
  const bench = await import('./server');

  const kind: 'postgres' | 'pglite' = postgresUnavailable() ? 'pglite' : 'postgres';
  const cleanup: (() => Promise<void> | void)[] = [];
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'cost-check-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let postgres: PostgresProcess | undefined;
    if (kind === 'postgres') {
      postgres = await startPostgres();
      cleanup.push(() => postgres!.stop());
    }
    const databaseOptions = postgres ? { databaseUrl: postgres.url } : { dataDir: join(dataDir, 'pglite') };
    console.log(`test:cost on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, BENCH_SCALE=0.05; seeding:`);
    const database = await openDatabase(databaseOptions);
    let rows: Record<string, number>;
    try {
      rows = await bench.seed(database);
    } finally {
      await database.close();
    }
    const entry = await bench.buildServer();
    cleanup.push(() => rmSync(dirname(entry), { recursive: true, force: true }));
    const server = await bench.startServer(entry, {
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
    });
    cleanup.push(() => bench.stopServer(server));
    const cookie = await bench.signIn();
    const { calls } = await bench.screenCalls(cookie, rows.products);
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const dbCpu = postgres ? () => postgresCpuMs(postgres.pid) : () => NaN;
    const cpuOf = (cost: { serverMs: number; dbMs: number }) =>
      cost.serverMs + (Number.isFinite(cost.dbMs) ? cost.dbMs : 0);

    // Warm up (the JIT, the database's caches), which also tells how often to ask each call.
    const amounts = new Map<string, number>();
    for (const call of calls) {
      const { cost } = await bench.measured(server, call, headers, dbCpu, { connections: CONNECTIONS, amount: 100 });
      const perRequest = Math.max(cpuOf(cost), 0.05);
      amounts.set(
        call.title,
        Math.min(MAX_REQUESTS, Math.max(MIN_REQUESTS, Math.ceil(CPU_PER_ROUND_MS / perRequest / 50) * 50)),
      );
    }
    const samples = new Map<string, number[]>(calls.map((c) => [c.title, []]));
    const measureRounds = async () => {
      for (let round = 0; round < ROUNDS; round++)
        for (const call of calls) {
          const { result, cost } = await bench.measured(server, call, headers, dbCpu, {
            connections: CONNECTIONS,
            amount: amounts.get(call.title)!,
          });
          if (result.non2xx || result.errors)
            throw new Error(`${call.title} (${call.path}): ${result.non2xx} non-2xx answers, ${result.errors} errors`);
          samples.get(call.title)!.push(cpuOf(cost));
        }
    };
    const me = calls.find((c) => c.path === '/api/auth/me')!.title;
    const measure = () => {
      const cpu = new Map([...samples].map(([title, values]) => [title, median(values)]));
      const ratios = Object.fromEntries([...cpu].map(([title, ms]) => [title, ms / cpu.get(me)!]));
      return { cpu, ratios };
    };
    await measureRounds();

    const committed: Baseline | undefined = (() => {
      try {
        return JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
      } catch {
        return undefined;
      }
    })();
    const committedRatios = committed?.ratios[kind] ?? {};
    let { cpu, ratios } = measure();
    let rounds = ROUNDS;
    const flagged = () => Object.entries(basketDrift(ratios, committedRatios)).filter(([, drift]) => drift > TOLERANCE);
    if (!update && flagged().length > 0) {
      console.log(
        `\n${flagged()
          .map(([title]) => title)
          .join(', ')}: dearer than committed after ${ROUNDS} rounds; measuring every call ${ROUNDS} more rounds`,
      );
      await measureRounds();
      ({ cpu, ratios } = measure());
      rounds += ROUNDS;
    }
    const drifts = basketDrift(ratios, committedRatios);
    console.log(
      `\nCPU per request (server + database, median of ${rounds} rounds of about ${CPU_PER_ROUND_MS / 1000} s of CPU each, ${CONNECTIONS} connections) its ratio to the session check's (${cpu.get(me)!.toFixed(2)} ms), and its share of the basket of calls against the committed one (drift):`,
    );
    console.log(
      `${'call'.padEnd(38)} ${'CPU'.padStart(8)} ${'ratio'.padStart(7)} ${'committed'.padStart(10)} ${'drift'.padStart(6)}  verdict`,
    );
    const failures: string[] = [];
    for (const [title, ratio] of Object.entries(ratios)) {
      const before = committedRatios[title];
      const drift = drifts[title];
      const dearer = drift !== undefined && drift > TOLERANCE;
      const verdict = update
        ? 'recorded'
        : before === undefined
          ? 'no committed ratio'
          : dearer
            ? `DEARER (drift more than ${TOLERANCE})`
            : 'ok';
      console.log(
        `${title.padEnd(38)} ${`${cpu.get(title)!.toFixed(2)} ms`.padStart(8)} ${ratio.toFixed(2).padStart(7)} ${(before?.toFixed(2) ?? '-').padStart(10)} ${(drift?.toFixed(2) ?? '-').padStart(6)}  ${verdict}`,
      );
      if (!update && before === undefined)
        failures.push(`${title}: no committed ratio (run \`npm run test:cost -- --update\` and commit it)`);
      if (!update && dearer)
        failures.push(
          `${title} is markedly dearer: ${ratio.toFixed(2)}× the session check's CPU per request, committed ${before!.toFixed(2)}×; ${drift!.toFixed(2)}× its committed share of the basket of calls (limit ${TOLERANCE}×)`,
        );
    }
    if (update) {
      const next: Baseline = {
        scale: 0.05,
        cpuPerRoundMs: CPU_PER_ROUND_MS,
        ratios: { postgres: {}, pglite: {}, ...committed?.ratios, [kind]: ratios },
      };
      const rounded = (value: number) => Math.round(value * 100) / 100;
      for (const table of Object.values(next.ratios))
        for (const title of Object.keys(table)) table[title] = rounded(table[title]);
      writeFileSync(BASELINE, `${JSON.stringify(next, null, 2)}\n`);
      console.log(`\nwrote ${kind}'s ratios to ${BASELINE}`);
      return 0;
    }
    if (failures.length > 0) {
      console.error(`\ntest:cost failed:\n  ${failures.join('\n  ')}`);
      return 1;
    }
    console.log(`\ntest:cost: every call within ${TOLERANCE}× its committed share of the basket`);
    return 0;
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
