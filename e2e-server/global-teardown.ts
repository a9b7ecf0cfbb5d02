// The server's temporary database and uploads go when the run ends.
import { rmSync } from 'node:fs';

export default function teardown() {
  const dir = process.env.E2E_SERVER_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
