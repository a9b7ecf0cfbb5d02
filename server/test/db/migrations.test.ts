import { mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'db', 'migrations');

describe('migrations', () => {
  it('builds an empty database, and a second start applies nothing', async () => {
    const database = await openDatabase({});
    try {
      const all = loadMigrations().map((m) => m.version);
      expect(await migrate(database)).toEqual(all);
      expect(await migrate(database)).toEqual([]);
      const settings = await database.db.selectFrom('follow_up_settings').selectAll().execute();
      expect(settings).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('applies only the new migration to an existing database on disk, keeping its data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const extra = mkdtempSync(join(tmpdir(), 'migrations-next-'));
    try {
      let database = await openDatabase({ dataDir: join(dir, 'db') });
      await migrate(database);
      await database.db.insertInto('users').values({ username: 'joyce', password_hash: 'x' }).execute();
      await database.close();

      cpSync(migrationsDir, extra, { recursive: true });
      writeFileSync(join(extra, '999-test-column.sql'), 'alter table users add column display_name text;');
      database = await openDatabase({ dataDir: join(dir, 'db') });
      expect(await migrate(database, loadMigrations(extra))).toEqual([999]);
      const users = await database.db.selectFrom('users').selectAll().execute();
      expect(users).toMatchObject([{ username: 'joyce', display_name: null }]);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration entirely', async () => {
    const extra = mkdtempSync(join(tmpdir(), 'migrations-bad-'));
    const database = await openDatabase({});
    try {
      cpSync(migrationsDir, extra, { recursive: true });
      writeFileSync(join(extra, '998-broken.sql'), 'create table half_done (id int); select no_such_function();');
      await expect(migrate(database, loadMigrations(extra))).rejects.toThrow(/no_such_function/);
      const tables = await database.db.selectFrom('schema_migrations').select('version').execute();
      expect(tables.map((t) => t.version)).not.toContain(998);
      await expect(database.exec('select * from half_done')).rejects.toThrow(/half_done/);
    } finally {
      await database.close();
      rmSync(extra, { recursive: true, force: true });
    }
  });
});
