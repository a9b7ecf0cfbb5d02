// Writes one backup archive (see manifest.ts for its layout) of a running
// database, its uploaded images and customers' WhatsApp media.
//
// Consistency: PGlite is one connection, handed by the Kysely dialect to one
// borrower at a time. The backup borrows it, so no query or transaction runs
// while it checkpoints, counts rows, dumps the data folder and takes a
// snapshot of uploads/ and media/ (hard links, or copies where links are
// impossible), so every file a row names is in the archive.
// Everything slow — compressing and writing the archive — happens after the
// connection is handed back.
//
// Safety: the archive is written to a temporary file next to the target,
// flushed to disk and only then given its final name, so a file under that
// name is always complete. It is created with mode 0600 (customers' data),
// and an existing file is never overwritten. Entries under media/ are written
// as owner-only (files 0600, folders 0700), whatever their mode on disk.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { create as createTar, type WriteEntry } from 'tar';
import type { Database } from '../connection';
import type { DB } from '../schema';
import { mediaDirOf } from '../../channels/whatsapp/media/files';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  countRows,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_ENTRY,
  UPLOADS_ENTRY,
  type BackupManifest,
} from './manifest';

export type BackupOptions = {
  /** DATA_DIR: uploads/ and media/ are read from here. */
  dataDir: string;
  /** Where the archive goes; must not exist yet. */
  path: string;
  /** The open database; undefined (or a PostgreSQL server) backs up uploads/ and media/ only. */
  database?: Database;
  now?: () => Date;
};

export type BackupResult = {
  path: string;
  bytes: number;
  manifest: BackupManifest;
  /** How long the database connection was held (other requests waited that long). */
  heldMs: number;
  totalMs: number;
};

type Snapshot = {
  products: number | null;
  conversations: number | null;
  schemaVersion: number | null;
  postgresVersion: string | null;
  dump?: Blob;
  uploads: number;
  media: number;
};

/** The folders copied from DATA_DIR into the archive, and where they are staged. */
type Folders = { uploads: string; stagedUploads: string; media: string; stagedMedia: string };

/** A download still being written to media/ (files.ts writes ".<uuid>.part", then renames it). */
const isPartial = (name: string) => name.endsWith('.part');

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(options.path);
  if (existsSync(target)) throw new BackupRefused(`${target} already exists: choose another file name`);
  const folder = dirname(target);
  if (!(await stat(folder).catch(() => undefined))?.isDirectory())
    throw new BackupRefused(`folder ${folder} does not exist`);

  // Hard links need the same file system as uploads/ and media/, so the staging folder lives in DATA_DIR when it exists.
  const stagingParent = existsSync(options.dataDir) ? options.dataDir : tmpdir();
  const staging = await mkdtemp(join(stagingParent, '.backup-'));
  const temporary = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    const folders: Folders = {
      uploads: join(options.dataDir, UPLOADS_ENTRY),
      stagedUploads: join(staging, UPLOADS_ENTRY),
      media: mediaDirOf(options.dataDir),
      stagedMedia: join(staging, MEDIA_ENTRY),
    };
    await mkdir(folders.stagedUploads, { mode: 0o700 });
    await mkdir(folders.stagedMedia, { mode: 0o700 });
    let heldMs = 0;
    let snapshot: Snapshot;
    if (options.database?.kind === 'pglite') {
      snapshot = await options.database.db.connection().execute(async (connection) => {
        const held = performance.now();
        try {
          return await snapshotPGlite(connection, folders);
        } finally {
          heldMs = performance.now() - held;
        }
      });
    } else {
      snapshot = {
        products: null,
        conversations: null,
        schemaVersion: null,
        postgresVersion: null,
        ...(await snapshotFiles(folders)),
      };
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: snapshot.dump ? 'pglite' : 'postgres',
      products: snapshot.products,
      conversations: snapshot.conversations,
      schemaVersion: snapshot.schemaVersion,
      postgresVersion: snapshot.postgresVersion,
      uploads: snapshot.uploads,
      media: snapshot.media,
    };
    await writeFile(join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const entries = [MANIFEST_ENTRY];
    if (snapshot.dump) {
      await writeFile(join(staging, DATABASE_ENTRY), new Uint8Array(await snapshot.dump.arrayBuffer()), {
        mode: 0o600,
      });
      entries.push(DATABASE_ENTRY);
    }
    entries.push(UPLOADS_ENTRY, MEDIA_ENTRY);

    await createTar(
      {
        file: temporary,
        cwd: staging,
        gzip: { level: 6 },
        portable: true,
        mode: 0o600,
        strict: true,
        onWriteEntry: privateMedia,
      },
      entries,
    );
    await chmod(temporary, 0o600);
    const handle = await open(temporary, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await publish(temporary, target);
    const bytes = (await stat(target)).size;
    return {
      path: target,
      bytes,
      manifest,
      heldMs: Math.round(heldMs),
      totalMs: Math.round(performance.now() - started),
    };
  } finally {
    await unlink(temporary).catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}

/** Runs while the connection is held: nothing else reads or writes meanwhile. */
async function snapshotPGlite(connection: Kysely<DB>, folders: Folders): Promise<Snapshot> {
  const pglite = await pgliteOf(connection);
  // Data files catch up with the WAL, so a restore replays (almost) nothing.
  await sql`checkpoint`.execute(connection);
  const products = await countRows(connection, 'products');
  const conversations = await countRows(connection, 'conversations');
  const schemaVersion =
    (
      await connection
        .selectFrom('schema_migrations')
        .select(sql<number | null>`max(version)`.as('v'))
        .executeTakeFirstOrThrow()
    ).v ?? null;
  const postgresVersion =
    (await sql<{ server_version: string }>`show server_version`.execute(connection)).rows[0]?.server_version ?? null;
  // Uncompressed: compressing here would hold the database for longer, and the archive is compressed anyway.
  const dump = await pglite.dumpDataDir('none');
  const files = await snapshotFiles(folders);
  return { products, conversations, schemaVersion, postgresVersion, dump, ...files };
}

async function snapshotFiles(folders: Folders): Promise<{ uploads: number; media: number }> {
  const uploads = await snapshotFolder(folders.uploads, folders.stagedUploads);
  const media = await snapshotFolder(folders.media, folders.stagedMedia, isPartial);
  return { uploads, media };
}

/**
 * Customers' media stay owner-only inside the archive: the mode written for
 * an entry under media/ is 0600 (files) or 0700 (folders). Only the header
 * changes: the staged entries are hard links to the live files, whose modes
 * are left alone.
 */
function privateMedia(entry: WriteEntry): void {
  if (entry.path !== MEDIA_ENTRY && !entry.path.startsWith(`${MEDIA_ENTRY}/`)) return;
  const stat = entry.stat;
  if (stat) stat.mode = (stat.mode & ~0o7777) | (stat.isDirectory() ? 0o700 : 0o600);
}

type DumpablePGlite = { dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> };

/**
 * The PGlite instance behind a held Kysely connection. The PGlite dialect's
 * connection object keeps it as `pglite`; asking the executor for the
 * connection inside connection().execute() returns that same object without
 * queueing.
 */
async function pgliteOf(connection: Kysely<DB>): Promise<DumpablePGlite> {
  const raw = await connection.getExecutor().provideConnection(async (c) => c);
  const pglite = (raw as unknown as { pglite?: Partial<DumpablePGlite> }).pglite;
  if (typeof pglite?.dumpDataDir !== 'function')
    throw new Error('the database connection does not expose PGlite: cannot dump the data folder');
  return pglite as DumpablePGlite;
}

/**
 * Mirrors a folder (uploads/, media/) into the staging folder: hard links
 * (instant, and the content stays what it was even if the file is deleted a
 * moment later), copies where the file system refuses links. Symbolic links,
 * other special files and files named by `skip` are left out. Returns the
 * number of files.
 */
async function snapshotFolder(from: string, to: string, skip?: (name: string) => boolean): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let files = 0;
  for (const entry of entries) {
    const source = join(from, entry.name);
    const copy = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(copy, { mode: 0o700 });
      files += await snapshotFolder(source, copy, skip);
    } else if (entry.isFile() && !skip?.(entry.name)) {
      try {
        await link(source, copy);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // deleted since the listing
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK' && code !== 'EOPNOTSUPP')
          throw error;
        await copyFile(source, copy);
      }
      files++;
    }
  }
  return files;
}

/**
 * Gives the finished temporary file its final name without ever replacing an
 * existing file (a hard link fails if the name is taken), then makes the new
 * name durable.
 */
async function publish(temporary: string, target: string): Promise<void> {
  try {
    await link(temporary, target);
    await unlink(temporary);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupRefused(`${target} already exists: choose another file name`);
    // File systems without hard links: rename (checked for a file under that name just before).
    if (await lstat(target).catch(() => undefined))
      throw new BackupRefused(`${target} already exists: choose another file name`);
    await rename(temporary, target);
  }
  const folder = await open(dirname(target), 'r').catch(() => undefined);
  if (folder) {
    await folder.sync().catch(() => {}); // not every platform can sync a folder
    await folder.close();
  }
}
