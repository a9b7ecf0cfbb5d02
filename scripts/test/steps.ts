// The steps of `npm test`, in the order they run: the cheap checks first, so a lint or type
// error fails in seconds, then the suites. Each is an npm script of package.json.
//
// Consecutive steps with the same `together` run at the same time (the first step's output
// is shown as it runs, each other's when it ends). No step uses it today: the last three
// browser suites run together passed once beside other work and failed on a busier machine
// (the production server's demo seeding took 24 s and it did not listen within 60 s).

export type Step = { name: string; script: string; together?: string };

export const steps: Step[] = [
  { name: 'lint:contract', script: 'lint:contract' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'format:check' },
  { name: 'knip', script: 'knip' },
  { name: 'generated', script: 'check:generated' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'size', script: 'test:size' },
  { name: 'unit', script: 'test:unit' },
  { name: 'conformance', script: 'test:conformance' },
  { name: 'conformance-package', script: 'test:conformance-package' },
  { name: 'server', script: 'test:server' },
  { name: 'cost', script: 'test:cost' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'e2e:shifted-date', script: 'test:e2e:shifted-date' },
  { name: 'e2e:server', script: 'test:e2e:server' },
  { name: 'production', script: 'test:production' },
];

/** The suites that drive a browser: what `npm run test:stress` runs under load. */
export const browserSteps = ['e2e', 'e2e:server', 'production'];

/** The steps in runs: consecutive steps sharing `together` form one run, every other step its own. */
export function batches(chosen: Step[]): Step[][] {
  const out: Step[][] = [];
  for (const step of chosen) {
    const last = out.at(-1);
    if (step.together && last && last[0].together === step.together) last.push(step);
    else out.push([step]);
  }
  return out;
}
