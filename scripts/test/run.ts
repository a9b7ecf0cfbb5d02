// `npm test`: every check, one after the other, then a table of each step's wall time, so
// where the time goes is printed on every run (and on a failing one, up to the step that
// failed). A step that fails stops the run, as `a && b && …` did.
//
//   npm test                          every step
//   npm test -- --only unit,server    the named steps (names as in the table)
//   npm test -- --from e2e            the named step and every step after it
//   npm run test:stress               the browser suites with two busy CPU processes beside
//                                     them (--busy N for another number, --rounds N to repeat)
import { spawn, type ChildProcess } from 'node:child_process';
import { batches, steps, browserSteps, type Step } from './steps';
import { formatTable } from './table';

type Options = { only?: string[]; from?: string; busy: number; rounds: number };

function parse(argv: string[]): Options {
  const options: Options = { busy: 0, rounds: 1 };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return next;
    };
    const arg = argv[i];
    if (arg === '--only') options.only = value().split(',');
    else if (arg === '--from') options.from = value();
    else if (arg === '--stress') {
      options.only = browserSteps;
      options.busy = 2;
    } else if (arg === '--busy') options.busy = Number(value());
    else if (arg === '--rounds') options.rounds = Number(value());
    else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(options.busy) || options.busy < 0) throw new Error('--busy takes a whole number');
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('--rounds takes a number from 1');
  return options;
}

function select(all: Step[], options: Options): Step[] {
  const names = new Set(all.map((step) => step.name));
  for (const name of [...(options.only ?? []), ...(options.from ? [options.from] : [])])
    if (!names.has(name)) throw new Error(`no step named ${name} (steps: ${[...names].join(', ')})`);
  let chosen = all;
  if (options.from) chosen = chosen.slice(chosen.findIndex((step) => step.name === options.from));
  if (options.only) chosen = chosen.filter((step) => options.only?.includes(step.name));
  return chosen;
}

/** Runs a step; `quiet` keeps its output and prints it, under its name, when it ends. */
function run(step: Step, quiet = false): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], { stdio: quiet ? 'pipe' : 'inherit' });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      if (quiet)
        process.stdout.write(`\n==> ${step.name} (ran beside the step above), its output:\n${Buffer.concat(output)}`);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}

/** A process that keeps one CPU busy until it is killed: the load of another program beside the tests. */
function busyProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

async function main() {
  const options = parse(process.argv.slice(2));
  const chosen = select(steps, options);
  const busy = Array.from({ length: options.busy }, busyProcess);
  const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
  process.on('exit', stopBusy);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopBusy();
      process.exit(130);
    });
  if (busy.length > 0) console.log(`\n${busy.length} busy CPU process(es) run beside the tests`);

  const rows: { round: number; step: string; seconds: number; result: string }[] = [];
  let failed: string | undefined;
  const started = performance.now();
  rounds: for (let round = 1; round <= options.rounds; round++) {
    for (const batch of batches(chosen)) {
      const roundText = options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : '';
      for (const step of batch)
        console.log(
          `\n==> ${step.name}${roundText}: npm run ${step.script}${
            batch.length > 1
              ? ` (at the same time as ${batch
                  .filter((other) => other !== step)
                  .map((other) => other.name)
                  .join(', ')})`
              : ''
          }`,
        );
      const results = await Promise.all(
        batch.map(async (step, index) => {
          const t0 = performance.now();
          const code = await run(step, index > 0);
          return { step, code, seconds: (performance.now() - t0) / 1000 };
        }),
      );
      for (const { step, code, seconds } of results) {
        const beside = batch.length > 1 ? ' (together)' : '';
        rows.push({
          round,
          step: step.name,
          seconds,
          result: code === 0 ? `passed${beside}` : `failed (exit ${code})${beside}`,
        });
        if (code !== 0) failed ??= step.name;
      }
      if (failed) break rounds;
    }
  }
  stopBusy();
  const total = (performance.now() - started) / 1000;
  console.log(`\n${formatTable(rows, total, options.rounds > 1)}`);
  if (failed) {
    console.error(`\n${failed} failed`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
