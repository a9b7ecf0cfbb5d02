// Builds the production release once for the whole run: `npm run build`,
// then scripts/production/release.sh (runtime packages only), exactly the
// steps the Dockerfile runs. PRODUCTION_CHECK_REUSE=1 keeps an existing
// release (for re-running the specs while working on them).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_DIR, WORK_DIR } from './release';

export default function setup() {
  if (process.env.PRODUCTION_CHECK_REUSE === '1' && existsSync(join(RELEASE_DIR, 'build', 'server', 'main.js'))) return;
  rmSync(WORK_DIR, { recursive: true, force: true });
  const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' });
  run('npm', ['run', 'build', '--silent']);
  run('bash', ['scripts/production/release.sh', RELEASE_DIR]);
}
