// What a backup archive holds, and the rules an archive must follow before
// anything in it is restored.
//
// A backup is one gzip-compressed tar file with these entries and no others:
//   manifest.json   the BackupManifest below (written first)
//   pglite.tar      the embedded database's data folder, as PGlite dumps it
//                   (absent when the database is a PostgreSQL server: pg_dump backs that up)
//   uploads/…       the uploaded images, as regular files and folders
//   media/…         customers' WhatsApp media (DATA_DIR/media), as regular files
//                   and folders; half-written downloads (".part") are left out
// Entries are regular files or folders only, named by relative paths without
// "." or ".." parts: an archive with links, devices or other paths is not ours.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

export const BACKUP_FORMAT = 'stone-sinks-admin-backup';
/**
 * The version written. Raise on any change a reader of an older version would
 * misread; restore refuses versions it does not know.
 *   1  manifest, pglite.tar, uploads/
 *   2  adds media/ and the manifest's `media` count
 */
export const BACKUP_FORMAT_VERSION = 2;
/** Versions restore reads: a version-1 archive holds no media (read as a count of 0). */
export const READABLE_FORMAT_VERSIONS: readonly number[] = [1, 2];

export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'pglite.tar';
export const UPLOADS_ENTRY = 'uploads';
/** The same name as the folder under DATA_DIR (server/channels/whatsapp/media/files.ts, mediaDirOf). */
export const MEDIA_ENTRY = 'media';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** pglite: the database is in pglite.tar; postgres: it is not in the archive (pg_dump). */
  database: 'pglite' | 'postgres';
  /** Rows when the dump was taken (null when the database is not in the archive). */
  products: number | null;
  conversations: number | null;
  /** The newest migration applied to the dumped database. */
  schemaVersion: number | null;
  /** PostgreSQL version of the dumped data folder (a data folder opens only under the same major version). */
  postgresVersion: string | null;
  /** Regular files under uploads/. */
  uploads: number;
  /** Regular files under media/ (0 for a version-1 archive, which has no media/). */
  media: number;
};

export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Parses manifest.json; throws BackupRefused for anything that is not a manifest this code can read. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupRefused('manifest.json is not JSON: this is not a backup made by this application');
  }
  const m = value as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) {
    throw new BackupRefused(
      "manifest.json does not name this application's backup format: this is not one of our backups",
    );
  }
  if (typeof m.version !== 'number' || !READABLE_FORMAT_VERSIONS.includes(m.version)) {
    throw new BackupRefused(
      `backup format version ${String(m.version)} is unknown (this program reads versions ${READABLE_FORMAT_VERSIONS.join(' and ')}): use the application version that made it`,
    );
  }
  const count = (v: unknown) => v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
  if (
    (m.database !== 'pglite' && m.database !== 'postgres') ||
    typeof m.createdAt !== 'string' ||
    !count(m.products) ||
    !count(m.conversations) ||
    !count(m.schemaVersion) ||
    !(m.postgresVersion === null || typeof m.postgresVersion === 'string') ||
    !(typeof m.uploads === 'number' && count(m.uploads)) ||
    // Version 1 had no media; from version 2 the count is required.
    (m.version === 1 ? m.media !== undefined : !(typeof m.media === 'number' && count(m.media)))
  ) {
    throw new BackupRefused('manifest.json is incomplete or malformed');
  }
  if (m.database === 'pglite' && (m.products === null || m.conversations === null)) {
    throw new BackupRefused('manifest.json has no row counts for the database it holds');
  }
  return { ...(m as BackupManifest), media: m.media ?? 0 };
}

/**
 * Checks one archive entry's name and type. Returns where it belongs, or a
 * reason to refuse the whole archive.
 */
export function classifyEntry(
  path: string,
  type: string,
  linkpath?: string,
): { kind: 'manifest' | 'database' | 'uploads' | 'media' } | { refuse: string } {
  const shown = JSON.stringify(path);
  if (type === 'SymbolicLink') return { refuse: `entry ${shown} is a symbolic link` };
  if (type === 'Link' || linkpath) return { refuse: `entry ${shown} is a hard link` };
  if (type !== 'File' && type !== 'Directory')
    return { refuse: `entry ${shown} is a ${type}, not a regular file or folder` };
  if (path.includes('\0') || path.includes('\\'))
    return { refuse: `entry ${shown} has a NUL or backslash in its name` };
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return { refuse: `entry ${shown} has an absolute path` };
  const parts = path.replace(/\/+$/, '').split('/');
  if (parts.some((part) => part === '..')) return { refuse: `entry ${shown} climbs out of its folder ("..")` };
  if (parts.some((part) => part === '' || part === '.'))
    return { refuse: `entry ${shown} is not a plain relative path` };
  const [top] = parts;
  if (parts.length === 1 && top === MANIFEST_ENTRY && type === 'File') return { kind: 'manifest' };
  if (parts.length === 1 && top === DATABASE_ENTRY && type === 'File') return { kind: 'database' };
  if (top === UPLOADS_ENTRY && (parts.length > 1 || type === 'Directory')) return { kind: 'uploads' };
  if (top === MEDIA_ENTRY && (parts.length > 1 || type === 'Directory')) return { kind: 'media' };
  return { refuse: `entry ${shown} is not part of this application's backup format` };
}

/** backup-YYYYMMDD-HHMMSS.tar.gz in local time. */
export function defaultBackupName(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `backup-${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}.tar.gz`;
}

/** The row counts a manifest records and a restore checks. */
export const countRows = async (db: Kysely<DB>, table: 'products' | 'conversations'): Promise<number> =>
  (
    await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
