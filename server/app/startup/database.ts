// The server's database at start: opened (PGlite in DATA_DIR, or DATABASE_URL)
// and migrated; the first-run work done once however many instances start;
// and the check that an admin reachable from other machines does not still
// use the development password.
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { DEV_ADMIN_PASSWORD, type Config } from '../config';

/** Opens the database and applies the migrations it lacks (their names, in `applied`). */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'production' | 'logSql'>,
): Promise<{ database: Database; applied: number[] }> {
  const databaseOptions = {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    syncWal: config.production,
    queryLog: config.logSql
      ? (query: { sql: string; parameters: readonly unknown[]; ms: number }) =>
          process.stdout.write(`${JSON.stringify({ msg: 'sql', ...query })}\n`)
      : undefined,
  };
  let database = await openDatabase(databaseOptions);
  const applied = await migrate(database);
  if (applied.length > 0 && database.kind === 'pglite') {
    // Migrations (a first boot, an upgrade) leave PGlite's WebAssembly memory
    // grown for good; opening the database again gives that memory back
    // (about 40 MB on a first boot).
    await database.close();
    database = await openDatabase(databaseOptions);
  }
  return { database, applied };
}

/**
 * Instances starting together against one PostgreSQL server take turns for
 * the first admin and the demo seed (a session advisory lock held on one
 * connection while the work runs on the others). PGlite has one process.
 */
export async function firstRunOnce(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres') return work();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(72190414)`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(72190414)`.execute(connection);
    }
  });
}

/** Admins still signing in with the development password (from an earlier run on loopback). */
async function adminsWithDevPassword(database: Database): Promise<string[]> {
  const users = await database.db.selectFrom('users').select(['username', 'password_hash']).limit(50).execute();
  const found: string[] = [];
  for (const user of users)
    if (await verify(user.password_hash, DEV_ADMIN_PASSWORD).catch(() => false)) found.push(user.username);
  return found;
}

/** Refuses to start on a HOST other machines reach while an admin still has the development password. */
export async function refuseDevPassword(database: Database, host: string): Promise<void> {
  const weak = await adminsWithDevPassword(database);
  if (weak.length > 0) {
    throw new Error(
      `HOST=${host} lets other machines connect, but ${weak.map((u) => `"${u}"`).join(', ')} still signs in with the development password: reset it with "npm run serve:admin -- <username>" (or server:admin) first`,
    );
  }
}
