// Once a run, before any test file: a migrated database's image, which every test's
// in-memory PGlite starts from (openMigratedDatabase in helpers.ts). A new PGlite runs
// initdb, seconds of CPU each time; a copy of an image takes a fraction of a second.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { imageOf } from '../db/connection';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated database's image. */
    migratedImage: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'server-test-image-'));
  const file = join(dir, 'migrated.tar');
  const image = await imageOf(async (database) => {
    await migrate(database);
  });
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('migratedImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
