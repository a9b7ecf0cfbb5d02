// Versioned migrations: server/db/migrations/NNN-name.sql, applied in order,
// each in its own transaction, recorded in schema_migrations. An applied file
// is never run again, so a released migration is never edited: add a new one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../app/paths';
import type { Database } from './connection';

export type Migration = { version: number; name: string; sql: string };

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

/** Applies the migrations the database has not seen; returns their versions. */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<number[]> {
  // Under the same lock as the migrations: two concurrent "create table if
  // not exists" can still collide in PostgreSQL's catalog.
  await database.exec(`begin;
    select pg_advisory_xact_lock(72190413);
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    );
    commit;`);
  const done = new Set(
    (await database.db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    // Several server instances may start at once against one PostgreSQL
    // server: the advisory lock lets one apply while the others wait, and the
    // insert's primary key refuses a version applied twice.
    await database
      .exec(
        `begin;
      select pg_advisory_xact_lock(72190413);
      ${migration.sql}
      ;insert into schema_migrations (version, name) values (${migration.version}, '${migration.name}');
      commit;`,
      )
      .catch(async (error) => {
        // Another instance may have applied it while this one waited for the lock.
        const again = await database.db
          .selectFrom('schema_migrations')
          .select('version')
          .where('version', '=', migration.version)
          .executeTakeFirst();
        if (!again) throw error;
      });
    applied.push(migration.version);
  }
  return applied;
}
