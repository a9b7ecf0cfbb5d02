// `npm run server:admin -- <username>`: adds an admin, or resets the password
// of an existing one (ending its sessions). The password comes from
// ADMIN_PASSWORD or is asked for. With PGlite, stop the server first: the
// embedded database belongs to one process at a time.
import { createInterface } from 'node:readline/promises';
import { loadConfig, MIN_PASSWORD_LENGTH } from '../app/config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { authService } from '../modules/auth/service';
import { announceSessionsEnded } from '../realtime/hub';

async function main() {
  const username = process.argv[2];
  if (!username) {
    console.error('usage: npm run server:admin -- <username>   (password from ADMIN_PASSWORD or asked)');
    process.exit(2);
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question(`Password for ${username}: `);
    rl.close();
  }
  if (!password || password.length < MIN_PASSWORD_LENGTH) {
    console.error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, ADMIN_PASSWORD: password });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  await migrate(database);
  const outcome = await authService(database.db, { sessionTtlMs: config.sessionTtlMs, now: () => new Date() }).setAdmin(
    username,
    password,
  );
  // Servers running on the same PostgreSQL server close that user's open
  // dashboard sockets at once (NOTIFY); their periodic session check (every
  // 15 s) would find the sessions gone anyway.
  if (outcome === 'reset') await announceSessionsEnded(database, username);
  console.log(
    outcome === 'created'
      ? `Admin "${username}" created.`
      : `Password of "${username}" reset; its sessions have ended.`,
  );
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
