// One database handle for the whole server: PGlite in a folder by default,
// a PostgreSQL server when DATABASE_URL is set. Both speak PostgreSQL, so the
// migrations and queries are the same; only the raw-SQL and LISTEN/NOTIFY
// plumbing differs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel on a server; undefined for PGlite, where
   * one process owns the database and events stay in memory.
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * PGlite only: write each commit's WAL with O_DSYNC, so a commit is on disk
   * before it is acknowledged (about 2–3 ms a commit instead of 0.5–1). PGlite
   * starts PostgreSQL with fsync off and its file layer never syncs, so this
   * narrows what a power loss can take to writes since the last checkpoint's
   * data-file flush; it is not full durability (see docs/deploying.md, "Which database").
   */
  syncWal?: boolean;
  /**
   * PGlite in memory only: start from this image of a data folder (a tarball of
   * `imageOf`) instead of creating an empty one. Creating one (initdb) takes seconds of
   * CPU, a copy of an image a fraction of one: the tests start each database from one
   * migrated image.
   */
  image?: Blob;
  /** Called with every statement run, its parameters and milliseconds (LOG_SQL; the benchmark replays them). */
  queryLog?: (query: { sql: string; parameters: readonly unknown[]; ms: number }) => void;
};

/** Kysely's log hook, passing each statement (run or failed) on. */
function kyselyLog(queryLog: NonNullable<DatabaseOptions['queryLog']>): KyselyConfig['log'] {
  return (event) =>
    queryLog({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.queryLog && kyselyLog(options.queryLog);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, log);
  return openPGlite(options.dataDir, options.syncWal ?? false, log, options.image);
}

/**
 * An image of a new in-memory PGlite database after `prepare` (the migrations), for
 * `openDatabase({ image })`: an uncompressed tarball of its data folder.
 */
export async function imageOf(prepare: (database: Database) => Promise<void>): Promise<Blob> {
  const pglite = await PGlite.create(undefined, { extensions: { pg_trgm }, startParams: pgliteStartParams(false) });
  const database = wrapPGlite(pglite);
  try {
    await prepare(database);
    return await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/**
 * PGlite's memory (a WebAssembly memory that grows and never shrinks) is
 * mostly PostgreSQL's shared buffers: 128 MB by default, all of it resident
 * once enough pages have been read. The data files' pages stay in the
 * operating system's cache either way, so a small pool costs a copy per page
 * read, not a disk read. Measured on 100,000 conversations and 1,000,000
 * messages: with 8 MB, lists, searches, analytics and a scan of every message
 * took as long as with 16 or 128 MB, single-row commits too, a 20,000-row
 * insert in one transaction ~15% longer than with 16 MB (~40% than 128 MB);
 * the idle server holds ~15 MB less than with 16 MB and ~130 MB less than
 * with 128 MB. work_mem is PostgreSQL's default, written out: a sort or hash
 * larger than it spills to a temporary file instead of growing the memory
 * for good.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=8MB', '-c', 'work_mem=4MB'];

/** PostgreSQL's start parameters for PGlite; syncWal as described in DatabaseOptions. */
function pgliteStartParams(syncWal: boolean): string[] {
  const base = syncWal
    ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=open_datasync']
    : [...PGlite.defaultStartParams];
  return [...base, ...PGLITE_MEMORY_PARAMS];
}

/**
 * Creates a new data folder (initdb) in a short child process. initdb inside
 * this process (PGlite runs it in a second PostgreSQL instance) would leave
 * its memory behind for good: the built server idled at ~460–520 MB after a
 * first boot against ~390 MB after a restart. A child's memory goes back to
 * the system when it exits. The folder is made under a
 * temporary name beside dataDir and renamed into place once complete, so an
 * interrupted first boot never leaves half a database behind.
 */
async function initDataDir(dataDir: string, startParams: string[]): Promise<void> {
  const parent = dirname(dataDir);
  const prefix = `.${basename(dataDir)}.initdb-`;
  // What an earlier first boot left when it was killed.
  for (const name of readdirSync(parent))
    if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true });
  const scratch = await mkdtemp(join(parent, prefix));
  try {
    const module = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const script = `const { PGlite } = require(${JSON.stringify(module)});
      const { dir, startParams } = JSON.parse(process.env.PGLITE_INITDB);
      PGlite.create(dir, { startParams }).then((pg) => pg.close()).then(
        () => process.exit(0),
        (error) => { process.stderr.write(String((error && error.message) || error)); process.exit(1); });`;
    const child = spawn(process.execPath, ['-e', script], {
      env: { ...process.env, PGLITE_INITDB: JSON.stringify({ dir: scratch, startParams }) },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 120_000,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | string | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal));
    });
    if (code !== 0 || !existsSync(join(scratch, 'PG_VERSION')))
      throw new Error(
        `could not create the database in ${dataDir}: ${stderr.trim() || (typeof code === 'string' ? `initdb was stopped (${code}; it may take 120 s at most)` : `initdb exited with ${code}`)}`,
      );
    // Replaces the empty folder made by openPGlite (rename(2) may replace an empty directory).
    renameSync(scratch, dataDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** dataDir undefined: an in-memory database (tests). */
async function openPGlite(
  dataDir: string | undefined,
  syncWal: boolean,
  log?: KyselyConfig['log'],
  image?: Blob,
): Promise<Database> {
  if (image && dataDir) throw new Error('a database image starts an in-memory database only');
  // Customers' data: readable by the server's own user only.
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const startParams = pgliteStartParams(Boolean(syncWal && dataDir));
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    if (readdirSync(dataDir).length > 0)
      throw new Error(
        `${dataDir} holds files but no database (no PG_VERSION): move them away, or restore a backup into an empty folder`,
      );
    await initDataDir(dataDir, startParams);
  }
  // pg_trgm: trigram indexes for the contains-searches (phone, product mentioned).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams, loadDataDir: image });
  return wrapPGlite(pglite, log);
}

function wrapPGlite(pglite: PGlite, log?: KyselyConfig['log']): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log });
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      try {
        await pglite.exec(sqlText);
      } catch (error) {
        // A failed script that opened a transaction leaves it aborted.
        await pglite.exec('rollback').catch(() => {});
        throw error;
      }
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

async function openPostgres(url: string, log?: KyselyConfig['log']): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      // One client for the script and its rollback, so that no pooled
      // connection is handed back inside an aborted transaction.
      const client = await pool.connect();
      try {
        await client.query(sqlText);
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onMessage) => {
      // LISTEN needs a connection of its own that stays open.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      await client.query(`listen ${pg.Client.prototype.escapeIdentifier(channel)}`);
      listeners.push(client);
    },
    close: async () => {
      await Promise.all(listeners.map((client) => client.end()));
      await db.destroy();
    },
  };
}
