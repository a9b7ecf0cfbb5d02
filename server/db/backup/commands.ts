// The logic of `npm run backup` and `npm run restore`, kept out of the entry
// files (server/cli/) so tests can call it. Each returns the exit code:
// 0 done, 1 failed, 2 refused (nothing was written).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../connection';
import { createBackup } from './backup';
import { controlSocketPath, sendControlRequest } from './control';
import { BackupRefused, defaultBackupName } from './manifest';
import { restoreBackup, scanArchive } from './restore';

export type Print = { out(line: string): void; err(line: string): void };

export type BackupCommandOptions = {
  /** The archive to write (relative to cwd); default backup-YYYYMMDD-HHMMSS.tar.gz. */
  file?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Back up the PGlite folder directly even though it looks open (a server that crashed). */
  force?: boolean;
  cwd?: string;
  now?: Date;
  print: Print;
};

export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=db.dump "$DATABASE_URL"';
export const PG_RESTORE_COMMAND = 'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" db.dump';

const kib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;

/** "N uploaded files, M customer media files"; a server older than media backups does not report media. */
const fileCounts = (uploads: number, media: number | undefined) =>
  media === undefined
    ? `${uploads} uploaded files, customer media NOT included (the running server predates media backups: restart it and back up again)`
    : `${uploads} uploaded files, ${media} customer media files`;

export async function runBackupCommand(options: BackupCommandOptions): Promise<number> {
  const { print } = options;
  const dataDir = resolve(options.dataDir);
  const path = resolve(options.cwd ?? process.cwd(), options.file ?? defaultBackupName(options.now));
  if (existsSync(path)) {
    print.err(`${path} already exists: choose another file name.`);
    return 2;
  }
  try {
    if (options.databaseUrl) {
      const result = await createBackup({ dataDir, path });
      print.out(
        `Uploaded images and customer media backed up: ${result.path} (${kib(result.bytes)}, ${fileCounts(result.manifest.uploads, result.manifest.media)}).`,
      );
      print.out('The database is a PostgreSQL server (DATABASE_URL) and is NOT in this archive. Back it up with:');
      print.out(`  ${PG_DUMP_COMMAND}`);
      return 0;
    }

    // A running server owns the embedded database: ask it.
    const socket = controlSocketPath(dataDir);
    try {
      const reply = await sendControlRequest(socket, { command: 'backup', path });
      if (!reply.ok) {
        print.err(`The server could not write the backup: ${reply.message}`);
        return 1;
      }
      if (reply.products === null) {
        // The server runs on a PostgreSQL server: only uploads/ and media/ could be archived.
        print.out(
          `Uploaded images and customer media backed up by the running server: ${reply.path} (${kib(reply.bytes)}, ${fileCounts(reply.uploads, reply.media)}).`,
        );
        print.out("The server's database is a PostgreSQL server and is NOT in this archive. Back it up with:");
        print.out(`  ${PG_DUMP_COMMAND}`);
        return 0;
      }
      print.out(
        `Backup written by the running server: ${reply.path} (${kib(reply.bytes)}; ${reply.products} products, ${reply.conversations} conversations, ${fileCounts(reply.uploads, reply.media)}; requests waited ${reply.heldMs} ms).`,
      );
      return 0;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw error;
    }

    // No server: open the folder here (nobody else has it open).
    const databaseDir = join(dataDir, 'pglite');
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      print.err(`No database in ${databaseDir}: check DATA_DIR (and DATABASE_URL if the server uses PostgreSQL).`);
      return 2;
    }
    if (existsSync(join(databaseDir, 'postmaster.pid')) && !options.force) {
      print.err(
        `No server answers on ${socket}, but ${databaseDir} looks open (postmaster.pid): a server may be starting, or one stopped without closing the database. Start the server and run the backup again, or pass --force if no server is running.`,
      );
      return 2;
    }
    const database = await openDatabase({ dataDir: databaseDir });
    try {
      const result = await createBackup({ dataDir, path, database });
      print.out(
        `Backup written: ${result.path} (${kib(result.bytes)}; ${result.manifest.products} products, ${result.manifest.conversations} conversations, ${fileCounts(result.manifest.uploads, result.manifest.media)}).`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    print.err(error instanceof BackupRefused ? `${error.message}.` : `Backup failed: ${(error as Error).message}`);
    return error instanceof BackupRefused ? 2 : 1;
  }
}

export type RestoreCommandOptions = { file: string; dataDir: string; databaseUrl?: string; print: Print };

export async function runRestoreCommand(options: RestoreCommandOptions): Promise<number> {
  const { print } = options;
  const dataDir = resolve(options.dataDir);
  try {
    if (options.databaseUrl) {
      // Only uploads/ and media/ can be restored for a server on PostgreSQL; an embedded database would be restored where nothing reads it.
      const { manifest } = await scanArchive(resolve(options.file));
      if (manifest.database === 'pglite') {
        print.err(
          'This archive holds an embedded (PGlite) database, but DATABASE_URL is set, so the server would not use it. Unset DATABASE_URL to restore it into DATA_DIR/pglite.',
        );
        return 2;
      }
    }
    const result = await restoreBackup({ file: options.file, dataDir });
    const m = result.manifest;
    print.out(`Restored the backup of ${m.createdAt} into ${dataDir}:`);
    print.out(`  uploads: ${result.uploads} files in ${result.uploadsDir}`);
    print.out(
      m.version === 1
        ? `  customer media: none (the archive predates media backups) in ${result.mediaDir}`
        : `  customer media: ${result.media} files in ${result.mediaDir}`,
    );
    if (result.databaseDir) {
      print.out(
        `  database: ${result.products} products, ${result.conversations} conversations in ${result.databaseDir} (counts match the backup)`,
      );
      if (result.migrationsApplied.length > 0)
        print.out(`  migrations applied to bring it up to date: ${result.migrationsApplied.join(', ')}`);
    } else {
      print.out(
        '  database: not in this archive (it was on a PostgreSQL server). Restore it into an empty database with:',
      );
      print.out(`    ${PG_RESTORE_COMMAND}`);
    }
    return 0;
  } catch (error) {
    print.err(
      error instanceof BackupRefused
        ? `Restore refused: ${error.message}.`
        : `Restore failed: ${(error as Error).message}`,
    );
    return error instanceof BackupRefused ? 2 : 1;
  }
}

/** What the backup and restore commands read from the environment, and where they print. */
export const commandEnvironment = () => ({
  dataDir: process.env.DATA_DIR || '.data',
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  print: { out: (line: string) => console.log(line), err: (line: string) => console.error(line) } satisfies Print,
});

/** Runs a command's main and exits with its code (1 on an unexpected error). */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
