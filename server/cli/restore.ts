// `npm run restore -- <file>`: restores a backup archive into DATA_DIR
// (default .data), whose pglite/ and uploads/ folders must be empty or
// absent. The archive is checked entry by entry before anything is written;
// the database is opened, migrated to this version's schema and its row
// counts compared with the backup's. With PGlite, stop the server first (or
// point DATA_DIR at a new folder and start the server on it afterwards).
// Exit codes: 0 restored, 1 failed (what was written is removed), 2 refused.
import { commandEnvironment, exitWith, runRestoreCommand } from '../db/backup/commands';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error('usage: npm run restore -- <backup.tar.gz>   (into DATA_DIR, default .data, which must be empty)');
    return 2;
  }
  return runRestoreCommand({
    file: args[0],
    ...commandEnvironment(),
  });
}

exitWith(main);
