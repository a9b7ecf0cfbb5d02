// The steps of `npm test`, in the order they run: the cheap checks first, so a lint or type
// error fails in seconds, then the suites. Each is an npm script of package.json.
//
// Consecutive steps with the same `together` run at the same time: the last three browser
// suites each wait mostly on their browser and servers (one or two Playwright workers, a
// server with one database), not on the CPU, and use their own ports (5183…, 8099/5199 and
// free ones). The first step's output is shown as it runs, each other's when it ends.

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
  { name: 'e2e:shifted-date', script: 'test:e2e:shifted-date', together: 'last browser suites' },
  { name: 'e2e:server', script: 'test:e2e:server', together: 'last browser suites' },
  { name: 'production', script: 'test:production', together: 'last browser suites' },
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
