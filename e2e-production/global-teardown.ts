// The release folder and the data folders go when the run ends (unless kept for re-runs).
import { rmSync } from 'node:fs';
import { WORK_DIR } from './release';

export default function teardown() {
  if (process.env.PRODUCTION_CHECK_REUSE === '1') return;
  rmSync(WORK_DIR, { recursive: true, force: true });
}
