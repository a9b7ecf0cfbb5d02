// Restores a backup archive (see manifest.ts) into an empty data folder.
//
// Before anything is written, the whole archive is read once: every entry
// must be a regular file or folder under a plain relative name that belongs
// to the format, and manifest.json must name this application's format in a
// version this code knows. Then uploads/ and media/ are extracted (media/
// owner-only: folder 0700, files 0600), the PGlite data folder
// is created from the dump, opened, migrated (a backup made by an older
// version is brought up to date) and its row counts compared with the
// manifest. On any failure, what was written is removed again, so the folder
// is as empty as it was.
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { extract, list } from 'tar';
import { openDatabase } from '../connection';
import { migrate } from '../migrate';
import { mediaDirOf } from '../../channels/whatsapp/media/files';
import {
  BackupRefused,
  classifyEntry,
  countRows,
  DATABASE_ENTRY,
  MEDIA_ENTRY,
  parseManifest,
  UPLOADS_ENTRY,
  type BackupManifest,
} from './manifest';

export type RestoreOptions = {
  /** The archive to restore. */
  file: string;
  /** DATA_DIR: pglite/, uploads/ and media/ are created here and must be empty. */
  dataDir: string;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the database went; undefined when the archive holds none (PostgreSQL: pg_restore). */
  databaseDir?: string;
  uploadsDir: string;
  uploads: number;
  /** DATA_DIR/media, created even when the archive holds no media (a version-1 archive). */
  mediaDir: string;
  media: number;
  /** Migrations applied on top of the backup. */
  migrationsApplied: number[];
  products: number | null;
  conversations: number | null;
};

type Scan = { manifest: BackupManifest; dump?: Buffer; uploadFiles: number; mediaFiles: number };

/** Reads the whole archive and refuses it unless every entry is allowed; keeps the manifest and the database dump. */
export async function scanArchive(file: string): Promise<Scan> {
  let manifestText: string | undefined;
  let dumpChunks: Buffer[] | undefined;
  let uploadFiles = 0;
  let mediaFiles = 0;
  let refusal: string | undefined;
  const seen = new Set<string>();
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (refusal) return;
        const where = classifyEntry(entry.path, entry.type, entry.linkpath);
        if ('refuse' in where) {
          refusal = where.refuse;
          return;
        }
        const name = entry.path.replace(/\/+$/, '');
        if (seen.has(name)) {
          refusal = `entry ${JSON.stringify(name)} appears twice`;
          return;
        }
        seen.add(name);
        if (where.kind === 'manifest') {
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => (manifestText = Buffer.concat(chunks).toString('utf8')));
        } else if (where.kind === 'database') {
          const chunks: Buffer[] = [];
          dumpChunks = chunks;
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        } else if (entry.type === 'File') {
          if (where.kind === 'media') mediaFiles++;
          else uploadFiles++;
        }
      },
    });
  } catch (error) {
    throw new BackupRefused(`${file} is not a readable backup archive (${(error as Error).message})`);
  }
  if (refusal) throw new BackupRefused(`${file} is refused: ${refusal}`);
  if (manifestText === undefined)
    throw new BackupRefused(`${file} has no manifest.json: this is not one of our backups`);
  const manifest = parseManifest(manifestText);
  const dump = dumpChunks ? Buffer.concat(dumpChunks) : undefined;
  if (manifest.database === 'pglite' && !dump)
    throw new BackupRefused(`${file} has no ${DATABASE_ENTRY} although its manifest says it holds the database`);
  if (manifest.database === 'postgres' && dump)
    throw new BackupRefused(`${file} holds ${DATABASE_ENTRY} although its manifest says the database is not included`);
  if (uploadFiles !== manifest.uploads)
    throw new BackupRefused(
      `${file} holds ${uploadFiles} uploaded files, its manifest says ${manifest.uploads}: the archive is incomplete`,
    );
  if (mediaFiles !== manifest.media)
    throw new BackupRefused(
      `${file} holds ${mediaFiles} customer media files, its manifest says ${manifest.media}: the archive is incomplete`,
    );
  return { manifest, dump, uploadFiles, mediaFiles };
}

/** Refuses a target that already holds files (a folder that exists but is empty is fine). */
async function ensureEmpty(folder: string): Promise<void> {
  const info = await lstat(folder).catch(() => undefined);
  if (!info) return;
  if (!info.isDirectory()) throw new BackupRefused(`${folder} exists and is not a folder`);
  if ((await readdir(folder)).length > 0) {
    throw new BackupRefused(
      `${folder} already holds files: restore into an empty data folder (set DATA_DIR to a new folder, or move this one away first)`,
    );
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(options.file);
  const dataDir = resolve(options.dataDir);
  const databaseDir = join(dataDir, 'pglite');
  const uploadsDir = join(dataDir, UPLOADS_ENTRY);
  const mediaDir = mediaDirOf(dataDir);
  if (!(await lstat(file).catch(() => undefined))?.isFile()) throw new BackupRefused(`${file} is not a file`);
  await ensureEmpty(databaseDir);
  await ensureEmpty(uploadsDir);
  await ensureEmpty(mediaDir);
  const { manifest, dump, uploadFiles, mediaFiles } = await scanArchive(file);

  // PGlite creates its files readable and writable by everyone (0666): a new data folder is closed to other users.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const created = [uploadsDir, mediaDir, ...(dump ? [databaseDir] : [])].filter((folder) => !existsSync(folder));
  const files = { uploadsDir, uploads: uploadFiles, mediaDir, media: mediaFiles };
  try {
    await mkdir(uploadsDir, { recursive: true });
    await mkdir(mediaDir, { recursive: true, mode: 0o700 });
    const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
    await extract({
      file,
      cwd: dataDir,
      strict: true,
      // Checked in scanArchive; extract only uploads/ and media/ and keep node-tar's own path guards on.
      filter: (path) => under(path, UPLOADS_ENTRY) || under(path, MEDIA_ENTRY),
      preservePaths: false,
      preserveOwner: false,
    });
    await closeToOthers(mediaDir);

    if (!dump) {
      return { manifest, ...files, migrationsApplied: [], products: null, conversations: null };
    }

    // PGlite writes the dumped files into the folder, starts (replaying the WAL written after the dump's checkpoint) and stops.
    await mkdir(databaseDir, { recursive: true, mode: 0o700 });
    try {
      // The same extensions as server/db/connection.ts opens the database with (trigram indexes).
      const loaded = await PGlite.create(databaseDir, {
        extensions: { pg_trgm },
        loadDataDir: new Blob([new Uint8Array(dump)], { type: 'application/x-tar' }),
      });
      await loaded.close();
    } catch (error) {
      throw new Error(
        `PGlite could not open the dumped data folder (made with PostgreSQL ${manifest.postgresVersion ?? 'unknown'}): ${(error as Error).message}`,
      );
    }

    const database = await openDatabase({ dataDir: databaseDir });
    try {
      const migrationsApplied = await migrate(database);
      const products = await countRows(database.db, 'products');
      const conversations = await countRows(database.db, 'conversations');
      if (products !== manifest.products || conversations !== manifest.conversations) {
        throw new Error(
          `the restored database has ${products} products and ${conversations} conversations, the backup recorded ${manifest.products} and ${manifest.conversations}: the archive is damaged`,
        );
      }
      return { manifest, databaseDir, ...files, migrationsApplied, products, conversations };
    } finally {
      await database.close();
    }
  } catch (error) {
    // The folders were empty or absent before: leave them that way.
    for (const folder of [uploadsDir, mediaDir, databaseDir]) {
      if (created.includes(folder)) await rm(folder, { recursive: true, force: true });
      else await emptyFolder(folder);
    }
    throw error;
  }
}

/**
 * Customers' media are owner-only on the server (files.ts writes 0600 files in
 * a 0700 folder): the restored folder is made so whatever modes the archive
 * (or an existing empty folder) had.
 */
async function closeToOthers(folder: string): Promise<void> {
  await chmod(folder, 0o700);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await closeToOthers(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}

async function emptyFolder(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) await rm(join(folder, name), { recursive: true, force: true });
}
