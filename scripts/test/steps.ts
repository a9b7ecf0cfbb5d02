// The steps of `npm test`, in the order they run: the cheap checks first, so a lint or type
// error fails in seconds, then the suites. Each is an npm script of package.json.

export type Step = { name: string; script: string };

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
