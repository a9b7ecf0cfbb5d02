// Backups of the embedded database while it is in use, and restores.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { sql } from 'kysely';
import { create as createTar } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup';
import { runBackupCommand, runRestoreCommand, type Print } from '../backup/commands';
import { controlSocketPath, sendControlRequest, startControlSocket } from '../backup/control';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from '../backup/manifest';
import { restoreBackup } from '../backup/restore';
import { openDatabase, type Database } from '../db/connection';
import { loadMigrations, migrate } from '../db/migrate';
import type { ProductForm } from '../modules/products/form';
import { createServices, type Services } from '../services';
import { PNG } from './helpers';

const root = mkdtempSync(join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const newFolder = (name: string) => {
  const dir = join(root, `${++folders}-${name}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

type Site = { dataDir: string; database: Database; services: Services };

/** A data folder with an on-disk PGlite, as the server opens it. */
async function openSite(dataDir: string, migrations = loadMigrations()): Promise<Site> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrate(database, migrations);
  const services = createServices(database.db, { dataDir, sessionTtlMs: 3_600_000, events: { publish() {} } });
  return { dataDir, database, services };
}

function productForm(name: string, price: number, image = false): ProductForm {
  return {
    values: { name, category: 'granite', startingPrice: price, endingPrice: price + 1000, stock: 3, isActive: true },
    cleared: new Set(),
    ...(image ? { productImage: { bytes: PNG, type: { ext: 'png' as const, mime: 'image/png' } } } : {}),
  };
}

function capture(): Print & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line) };
}

const mode = (path: string) => statSync(path).mode & 0o777;

async function productsOf(database: Database) {
  return database.db
    .selectFrom('products')
    .select(['id', 'name', 'starting_price', 'ending_price', 'product_image_url'])
    .orderBy('id')
    .execute();
}

async function conversationsOf(database: Database) {
  const conversations = await database.db
    .selectFrom('conversations')
    .select(['id', 'whatsapp_phone_number', 'status'])
    .orderBy('id')
    .execute();
  const messages = await database.db
    .selectFrom('messages')
    .select(['conversation_id', 'sender', 'content'])
    .orderBy('id')
    .execute();
  return { conversations, messages };
}

/** A hand-made archive: manifest.json plus whatever files are given, written from a staging folder. */
async function craftArchive(
  name: string,
  manifest: object | undefined,
  files: Record<string, string>,
  options: { preservePaths?: boolean; symlink?: [string, string] } = {},
) {
  // Entries may point outside the staging folder ("../x"): keep that inside this test's own folder too.
  const staging = join(newFolder(`craft-${name}`), 'staging');
  mkdirSync(staging);
  const entries: string[] = [];
  if (manifest) {
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest));
    entries.push('manifest.json');
  }
  for (const [path, content] of Object.entries(files)) {
    const at = isAbsolute(path) ? path : join(staging, path);
    mkdirSync(join(at, '..'), { recursive: true });
    writeFileSync(at, content);
    entries.push(path);
  }
  if (options.symlink) {
    mkdirSync(join(staging, options.symlink[0], '..'), { recursive: true });
    symlinkSync(options.symlink[1], join(staging, options.symlink[0]));
    entries.push(options.symlink[0]);
  }
  const file = join(root, `${name}.tar.gz`);
  await createTar({ file, cwd: staging, gzip: true, preservePaths: options.preservePaths }, entries);
  return file;
}

const uploadsOnlyManifest = (uploads: number): BackupManifest => ({
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  createdAt: new Date().toISOString(),
  database: 'postgres',
  products: null,
  conversations: null,
  schemaVersion: null,
  postgresVersion: null,
  uploads,
});

describe('backup and restore', () => {
  it(
    'backs up products, conversations and an uploaded image, and restores them (migrated to the current schema) into a new folder',
    { timeout: 120_000 },
    async () => {
      // A database of an older version (first migration only): restore brings it up to date.
      const migrations = loadMigrations();
      const site = await openSite(newFolder('source'), migrations.slice(0, 1));
      const granite = await site.services.products.create(productForm('Absolute Black Granite', 8500.5, true));
      await site.services.products.create(productForm('Carrara Marble', 12000));
      // Conversations written in that version's own columns (today's services write later ones).
      await sql`insert into conversations (customer_name, whatsapp_phone_number, message_count, last_message_at)
                values ('Asha', '+15550001', 2, '2026-11-20T10:00:05Z'), (null, '+15550002', 1, '2026-11-21T09:00:00Z')`.execute(
        site.database.db,
      );
      await sql`insert into messages (conversation_id, sender, content, timestamp)
                values (1, 'customer', 'Do you have black granite?', '2026-11-20T10:00:00Z'),
                       (1, 'bot', 'Yes: Absolute Black Granite, from 8500.50.', '2026-11-20T10:00:05Z'),
                       (2, 'customer', 'Price of Carrara?', '2026-11-21T09:00:00Z')`.execute(site.database.db);
      const before = { products: await productsOf(site.database), ...(await conversationsOf(site.database)) };

      const backup = await createBackup({
        dataDir: site.dataDir,
        path: join(root, 'a.tar.gz'),
        database: site.database,
      });
      expect(mode(backup.path)).toBe(0o600);
      expect(backup.manifest).toMatchObject({ database: 'pglite', products: 2, conversations: 2, uploads: 1 });
      expect(readdirSync(root).filter((name) => name.includes('.partial'))).toEqual([]);
      expect(readdirSync(site.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
      await site.database.close();

      const target = join(newFolder('restored'), 'data');
      const restored = await restoreBackup({ file: backup.path, dataDir: target });
      expect(restored).toMatchObject({
        products: 2,
        conversations: 2,
        uploads: 1,
        migrationsApplied: migrations.slice(1).map((m) => m.version),
      });
      expect(backup.manifest.schemaVersion).toBe(migrations[0].version);

      const reopened = await openDatabase({ dataDir: join(target, 'pglite') });
      try {
        expect(await productsOf(reopened)).toEqual(before.products);
        expect(await conversationsOf(reopened)).toEqual({
          conversations: before.conversations,
          messages: before.messages,
        });
        const names = before.products.map((p) => [p.name, Number(p.starting_price), Number(p.ending_price)]);
        expect(names).toEqual([
          ['Absolute Black Granite', 8500.5, 9500.5],
          ['Carrara Marble', 12000, 13000],
        ]);
        expect(readFileSync(join(target, 'uploads', basename(granite.productImageUrl!))).equals(PNG)).toBe(true);
        // Brought up to date: each reply window runs from its customer's last message, nothing counts as unread.
        const windows = await reopened.db
          .selectFrom('conversations')
          .select(['id', 'last_customer_message_at', 'unread_count'])
          .orderBy('id')
          .execute();
        expect(windows.map((c) => [c.id, c.last_customer_message_at?.toISOString(), c.unread_count])).toEqual([
          [1, '2026-11-20T10:00:00.000Z', 0],
          [2, '2026-11-21T09:00:00.000Z', 0],
        ]);
      } finally {
        await reopened.close();
      }
    },
  );

  it(
    'a backup taken while writes run restores to a database that opens cleanly with the counts of its manifest',
    { timeout: 120_000 },
    async () => {
      const site = await openSite(newFolder('busy'));
      let stop = false;
      let singles = 0;
      let pairs = 0;
      // One writer through the service (single inserts), one writing a product and a conversation in one transaction.
      // PGlite answers without I/O, so each writer yields to the event loop between writes as requests arriving on sockets would.
      const nextTurn = () => new Promise((r) => setImmediate(r));
      const single = (async () => {
        while (!stop) {
          await site.services.products.create(productForm(`single ${++singles}`, 100 + singles));
          await nextTurn();
        }
      })();
      const paired = (async () => {
        while (!stop) {
          await nextTurn();
          const n = ++pairs;
          await site.database.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('products')
              .values({
                name: `pair ${n}`,
                category: 'quartz',
                starting_price: 1,
                ending_price: 2,
                stock: 0,
                is_active: true,
                installation_image_urls: [],
              })
              .execute();
            await trx
              .insertInto('conversations')
              .values({
                whatsapp_phone_number: `pair-${n}`,
                customer_name: null,
                created_at: new Date(),
                last_message_at: new Date(),
              })
              .execute();
          });
        }
      })();
      while (singles < 20 || pairs < 20) await new Promise((r) => setTimeout(r, 10));
      const backup = await createBackup({
        dataDir: site.dataDir,
        path: join(root, 'b.tar.gz'),
        database: site.database,
      });
      const atBackup = { singles, pairs };
      await new Promise((r) => setTimeout(r, 100));
      stop = true;
      await Promise.all([single, paired]);
      await site.database.close();
      // The writers were running before and after the dump.
      expect(backup.manifest.products!).toBeGreaterThan(40);
      expect(backup.manifest.products!).toBeLessThan(singles + pairs);
      expect(atBackup.singles + atBackup.pairs).toBeLessThan(singles + pairs);

      const target = join(newFolder('busy-restored'), 'data');
      const restored = await restoreBackup({ file: backup.path, dataDir: target });
      expect(restored.products).toBe(backup.manifest.products);
      expect(restored.conversations).toBe(backup.manifest.conversations);
      const reopened = await openDatabase({ dataDir: join(target, 'pglite') });
      try {
        // No transaction is cut in half: every paired product has its conversation.
        const pairProducts = await reopened.db
          .selectFrom('products')
          .select('name')
          .where('name', 'like', 'pair %')
          .execute();
        const pairConversations = await reopened.db
          .selectFrom('conversations')
          .select('whatsapp_phone_number')
          .where('whatsapp_phone_number', 'like', 'pair-%')
          .execute();
        expect(pairProducts.map((p) => p.name.slice(5)).sort()).toEqual(
          pairConversations.map((c) => c.whatsapp_phone_number.slice(5)).sort(),
        );
        expect(pairProducts.length).toBeGreaterThan(0);
        const integrity = await reopened.db
          .selectFrom('products')
          .select(({ fn }) => fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(integrity.n)).toBe(backup.manifest.products);
      } finally {
        await reopened.close();
      }
    },
  );

  describe('restore refuses', () => {
    it(
      'a target whose uploads/ or pglite/ already holds files, and leaves it untouched',
      { timeout: 60_000 },
      async () => {
        const source = newFolder('uploads-source');
        mkdirSync(join(source, 'uploads'));
        writeFileSync(join(source, 'uploads', 'a.png'), PNG);
        const archive = await createBackup({ dataDir: source, path: join(root, 'c.tar.gz') });
        expect(archive.manifest).toMatchObject({ database: 'postgres', uploads: 1 });

        for (const occupied of ['uploads', 'pglite']) {
          const target = newFolder(`occupied-${occupied}`);
          mkdirSync(join(target, occupied));
          writeFileSync(join(target, occupied, 'keep.txt'), 'mine');
          const print = capture();
          expect(await runRestoreCommand({ file: archive.path, dataDir: target, print })).toBe(2);
          expect(print.lines.join('\n')).toContain('already holds files');
          expect(readFileSync(join(target, occupied, 'keep.txt'), 'utf8')).toBe('mine');
          expect(readdirSync(target).sort()).toEqual([occupied]);
        }

        // The same archive into an empty folder: uploads restored, the pg_restore command shown.
        const target = newFolder('empty');
        const print = capture();
        expect(await runRestoreCommand({ file: archive.path, dataDir: target, print })).toBe(0);
        expect(readFileSync(join(target, 'uploads', 'a.png')).equals(PNG)).toBe(true);
        expect(print.lines.join('\n')).toContain('pg_restore');
      },
    );

    it('an archive with a ../ path, and writes nothing', async () => {
      const file = await craftArchive(
        'climb',
        uploadsOnlyManifest(1),
        { 'uploads/../../evil.txt': 'gotcha' },
        { preservePaths: true },
      );
      const parent = newFolder('climb-target');
      const target = join(parent, 'data');
      const outside = join(parent, 'evil.txt');
      const print = capture();
      expect(await runRestoreCommand({ file, dataDir: target, print })).toBe(2);
      expect(print.lines.join('\n')).toMatch(/Restore refused: .*climbs out of its folder/);
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(target)).toBe(false);
    });

    it('archives that are not ours: no manifest, another format, an unknown version, a symbolic link, an absolute path', async () => {
      const cases: [string, string, RegExp][] = [
        ['no-manifest', await craftArchive('no-manifest', undefined, { 'uploads/a.png': 'x' }), /no manifest\.json/],
        [
          'other-format',
          await craftArchive('other', { format: 'something-else', version: 1 }, {}),
          /not one of our backups/,
        ],
        [
          'future',
          await craftArchive('future', { ...uploadsOnlyManifest(0), version: BACKUP_FORMAT_VERSION + 1 }, {}),
          /version 2 is unknown/,
        ],
        [
          'symlink',
          await craftArchive('symlink', uploadsOnlyManifest(0), {}, { symlink: ['uploads/link.png', '/etc/passwd'] }),
          /is a symbolic link/,
        ],
        [
          'absolute',
          await craftArchive(
            'absolute',
            uploadsOnlyManifest(1),
            { [join(root, 'abs.txt')]: 'x' },
            { preservePaths: true },
          ),
          /absolute path/,
        ],
        [
          'stray entry',
          await craftArchive('stray', uploadsOnlyManifest(0), { 'etc/cron.d/x': 'x' }),
          /not part of this application's backup format/,
        ],
      ];
      const notTar = join(root, 'not-a-backup.tar.gz');
      writeFileSync(notTar, 'hello, not an archive\n'.repeat(100));
      cases.push(['not a tar', notTar, /not a readable backup archive|no manifest/]);
      for (const [label, file, message] of cases) {
        const target = join(newFolder(`refuse-${label.replace(/\W/g, '-')}`), 'data');
        const print = capture();
        expect(await runRestoreCommand({ file, dataDir: target, print }), label).toBe(2);
        expect(print.lines.join('\n'), label).toMatch(message);
        expect(existsSync(target), label).toBe(false);
      }
    });
  });

  it(
    "npm run backup goes through the running server's control socket, and opens the folder itself when no server runs",
    { timeout: 120_000 },
    async () => {
      const site = await openSite(newFolder('served'));
      await site.services.products.create(productForm('Kashmir White', 9000, true));
      const logged: string[] = [];
      const log = {
        info: (m: string) => logged.push(m),
        warn: (m: string) => logged.push(m),
        error: (m: string) => logged.push(m),
      };
      const control = await startControlSocket({ dataDir: site.dataDir, database: site.database, log });
      expect(control.path).toBe(join(site.dataDir, 'control.sock'));
      expect(statSync(control.path).isSocket()).toBe(true);
      expect(mode(control.path)).toBe(0o600);

      const cwd = newFolder('cwd');
      const print = capture();
      const code = await runBackupCommand({ dataDir: site.dataDir, cwd, now: new Date(2026, 0, 2, 3, 4, 5), print });
      expect(print.lines.join('\n')).toContain('Backup written by the running server');
      expect(code).toBe(0);
      const written = join(cwd, 'backup-20260102-030405.tar.gz');
      expect(mode(written)).toBe(0o600);
      expect(logged.join('\n')).toContain(`backup written to ${written}`);

      // The same name again is refused before the server is asked.
      expect(
        await runBackupCommand({ dataDir: site.dataDir, cwd, now: new Date(2026, 0, 2, 3, 4, 5), print: capture() }),
      ).toBe(2);

      await control.close();
      expect(existsSync(control.path)).toBe(false);
      await site.database.close();

      // No server: the command opens the database itself.
      const direct = capture();
      expect(await runBackupCommand({ file: 'direct.tar.gz', dataDir: site.dataDir, cwd, print: direct })).toBe(0);
      expect(direct.lines.join('\n')).toMatch(
        /^Backup written: .*direct\.tar\.gz .*1 products, 0 conversations, 1 uploaded files/,
      );
      expect(mode(join(cwd, 'direct.tar.gz'))).toBe(0o600);

      // PostgreSQL: only uploads/ is archived, and pg_dump is named.
      const pg = capture();
      expect(
        await runBackupCommand({
          file: 'uploads.tar.gz',
          dataDir: site.dataDir,
          databaseUrl: 'postgres://nowhere.invalid/db',
          cwd,
          print: pg,
        }),
      ).toBe(0);
      expect(pg.lines.join('\n')).toContain('pg_dump --format=custom --file=db.dump "$DATABASE_URL"');

      // Restoring the server-made archive gives back the product and its image.
      const target = join(newFolder('served-restored'), 'data');
      const restored = capture();
      expect(await runRestoreCommand({ file: written, dataDir: target, print: restored })).toBe(0);
      expect(restored.lines.join('\n')).toContain('1 products, 0 conversations');
      expect(readdirSync(join(target, 'uploads'))).toHaveLength(1);
    },
  );

  it('the control socket moves under the temp folder when DATA_DIR/control.sock would be too long, and answers bad requests', async () => {
    const dataDir = join(newFolder('long'), 'a-data-folder-with-a-long-name'.repeat(3));
    mkdirSync(dataDir, { recursive: true });
    const path = controlSocketPath(dataDir);
    expect(path.startsWith(tmpdir())).toBe(true);
    expect(Buffer.byteLength(path)).toBeLessThanOrEqual(100);
    expect(controlSocketPath(`${dataDir}/`)).toBe(path);
    const log = { info() {}, warn() {}, error() {} };
    // No request reaches the database here.
    const control = await startControlSocket({ dataDir, database: {} as Database, log });
    try {
      expect(control.path).toBe(path);
      expect(mode(path)).toBe(0o600);
      expect(mode(join(path, '..')) & 0o077).toBe(0);
      await expect(startControlSocket({ dataDir, database: {} as Database, log })).rejects.toThrow(
        /another process answers/,
      );
      expect(await sendControlRequest(path, { command: 'backup', path: 'relative.tar.gz' })).toEqual({
        ok: false,
        message: 'path must be an absolute file path',
      });
      expect(await sendControlRequest(path, { command: 'restore' } as never)).toMatchObject({
        ok: false,
        message: expect.stringContaining('unknown command'),
      });
    } finally {
      await control.close();
    }
    expect(existsSync(path)).toBe(false);
  });
});
