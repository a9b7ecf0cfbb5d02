// One database handle for the whole server: PGlite in a folder by default,
// a PostgreSQL server when DATABASE_URL is set. Both speak PostgreSQL, so the
// migrations and queries are the same; only the raw-SQL and LISTEN/NOTIFY
// plumbing differs.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
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
   * data-file flush; it is not full durability (see the README).
   */
  syncWal?: boolean;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(options.dataDir, options.syncWal ?? false);
}

/** dataDir undefined: an in-memory database (tests). */
async function openPGlite(dataDir: string | undefined, syncWal: boolean): Promise<Database> {
  // Customers' data: readable by the server's own user only.
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const startParams =
    syncWal && dataDir
      ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=open_datasync']
      : undefined;
  // pg_trgm: trigram indexes for the contains-searches (phone, product mentioned).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(startParams ? { startParams } : {}) });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
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
