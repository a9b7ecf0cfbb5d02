// `npm run backup -- [file] [--force]`: writes one backup archive (.tar.gz,
// mode 0600) of the database and the uploaded images; default file name
// backup-YYYYMMDD-HHMMSS.tar.gz in the current folder.
//   - A server running on DATA_DIR takes the backup itself (through
//     DATA_DIR/control.sock), holding the database for well under a second.
//   - No server: the embedded database in DATA_DIR/pglite is opened here.
//     --force does so even when the folder looks open (after a crash).
//   - DATABASE_URL set: only uploads/ goes into the archive; the database is
//     backed up with pg_dump (the command is printed).
// Reads DATA_DIR (default .data) and DATABASE_URL. Exit codes: 0 written,
// 1 failed, 2 refused.
import { commandEnvironment, exitWith, runBackupCommand } from '../db/backup/commands';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log('usage: npm run backup -- [file.tar.gz] [--force]   (DATA_DIR, DATABASE_URL from the environment)');
    return 0;
  }
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--force');
  const files = args.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0 || files.length > 1) {
    console.error('usage: npm run backup -- [file.tar.gz] [--force]');
    return 2;
  }
  return runBackupCommand({
    file: files[0],
    ...commandEnvironment(),
    force: args.includes('--force'),
  });
}

exitWith(main);
