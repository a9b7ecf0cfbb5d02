// Backups of the embedded database while it is in use, and restores.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
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
import { create as createTar, extract as extractTar, list as listTar } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../db/backup/backup';
import { runBackupCommand, runRestoreCommand, type Print } from '../../db/backup/commands';
import { controlSocketPath, sendControlRequest, startControlSocket } from '../../db/backup/control';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from '../../db/backup/manifest';
import { restoreBackup } from '../../db/backup/restore';
import { openDatabase, type Database } from '../../db/connection';
import { loadMigrations, migrate } from '../../db/migrate';
import type { ProductForm } from '../../modules/products/form';
import { createServices, type Services } from '../../app/services';
import { mediaDirOf } from '../../channels/whatsapp/media/files';
import { PNG, TEST_NOW } from '../helpers';

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
  const services = createServices(database.db, {
    dataDir,
    sessionTtlMs: 3_600_000,
    events: { publish() {} },
    now: () => TEST_NOW,
  });
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
    // The number's column by either name: whatsapp_phone_number before migration 024, customer_address after.
    .select([
      'id',
      sql<string>`coalesce(to_jsonb(conversations) ->> 'customer_address', to_jsonb(conversations) ->> 'whatsapp_phone_number')`.as(
        'customer_address',
      ),
      'status',
    ])
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

/** Customers' media as files.ts stores them (UUID names, 0600 files in a 0700 folder), plus a half-written download. */
function addMedia(dataDir: string, count: number): Map<string, Buffer> {
  const dir = mediaDirOf(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const name = `${randomUUID()}.${['jpg', 'ogg', 'pdf'][i % 3]}`;
    // Every byte value, so a text-mode or truncating copy would show.
    const bytes = Buffer.concat([randomBytes(1000 + i * 4099), Buffer.from(Array.from({ length: 256 }, (_, b) => b))]);
    writeFileSync(join(dir, name), bytes, { mode: 0o600 });
    files.set(name, bytes);
  }
  writeFileSync(join(dir, `.${randomUUID()}.part`), 'half a download', { mode: 0o600 });
  return files;
}

/** Every stored media file of a restored data folder is the backed-up one, byte for byte, and owner-only. */
function expectMedia(dataDir: string, files: Map<string, Buffer>) {
  const dir = mediaDirOf(dataDir);
  expect(readdirSync(dir).sort()).toEqual([...files.keys()].sort());
  for (const [name, bytes] of files) {
    expect(readFileSync(join(dir, name)).equals(bytes), name).toBe(true);
    expect(mode(join(dir, name)), name).toBe(0o600);
  }
  expect(mode(dir)).toBe(0o700);
}

/** The header mode of each archive entry, by path. */
async function entryModes(file: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  await listTar({ file, onReadEntry: (entry) => modes.set(entry.path, entry.mode ?? -1) });
  return modes;
}

/**
 * An archive as the application wrote it before media were backed up: the
 * same entries without media/, and a version-1 manifest with no media count.
 */
async function asVersion1(file: string): Promise<string> {
  const dir = join(newFolder('version-1'), 'staging');
  mkdirSync(dir);
  await extractTar({ file, cwd: dir });
  rmSync(join(dir, 'media'), { recursive: true, force: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Partial<BackupManifest>;
  delete manifest.media;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, version: 1 }, null, 2));
  const old = join(root, `v1-${basename(file)}`);
  await createTar(
    { file: old, cwd: dir, gzip: true, portable: true },
    readdirSync(dir).sort((a, b) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a.localeCompare(b))),
  );
  return old;
}

const uploadsOnlyManifest = (uploads: number, media = 0): BackupManifest => ({
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  createdAt: TEST_NOW.toISOString(),
  database: 'postgres',
  products: null,
  conversations: null,
  schemaVersion: null,
  postgresVersion: null,
  uploads,
  media,
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
      const media = addMedia(site.dataDir, 3);

      const backup = await createBackup({
        dataDir: site.dataDir,
        path: join(root, 'a.tar.gz'),
        database: site.database,
      });
      expect(mode(backup.path)).toBe(0o600);
      expect(backup.manifest).toMatchObject({
        version: BACKUP_FORMAT_VERSION,
        database: 'pglite',
        products: 2,
        conversations: 2,
        uploads: 1,
        media: 3,
      });
      // The half-written download is left out; the media entries are owner-only.
      const modes = await entryModes(backup.path);
      expect([...modes.keys()].filter((path) => path.startsWith('media/')).sort()).toEqual(
        ['media/', ...[...media.keys()].map((name) => `media/${name}`)].sort(),
      );
      for (const [path, entryMode] of modes) if (path.startsWith('media/')) expect(entryMode & 0o077, path).toBe(0);
      expect(readdirSync(root).filter((name) => name.includes('.partial'))).toEqual([]);
      expect(readdirSync(site.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
      await site.database.close();

      const target = join(newFolder('restored'), 'data');
      const restored = await restoreBackup({ file: backup.path, dataDir: target });
      expect(restored).toMatchObject({
        products: 2,
        conversations: 2,
        uploads: 1,
        media: 3,
        mediaDir: mediaDirOf(target),
        migrationsApplied: migrations.slice(1).map((m) => m.version),
      });
      expect(backup.manifest.schemaVersion).toBe(migrations[0].version);
      expectMedia(target, media);

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
                customer_address: `pair-${n}`,
                customer_name: null,
                created_at: TEST_NOW,
                last_message_at: TEST_NOW,
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
          .select('customer_address')
          .where('customer_address', 'like', 'pair-%')
          .execute();
        expect(pairProducts.map((p) => p.name.slice(5)).sort()).toEqual(
          pairConversations.map((c) => c.customer_address.slice(5)).sort(),
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
      'a target whose uploads/, media/ or pglite/ already holds files, and leaves it untouched',
      { timeout: 60_000 },
      async () => {
        // Files only (the database is on a PostgreSQL server): uploads/ and media/.
        const source = newFolder('uploads-source');
        mkdirSync(join(source, 'uploads'));
        writeFileSync(join(source, 'uploads', 'a.png'), PNG);
        const media = addMedia(source, 4);
        // A file readable by others on disk is still owner-only in the archive and once restored.
        chmodSync(join(mediaDirOf(source), [...media.keys()][0]), 0o644);
        const archive = await createBackup({ dataDir: source, path: join(root, 'c.tar.gz') });
        expect(archive.manifest).toMatchObject({ database: 'postgres', uploads: 1, media: 4 });
        expect(mode(join(mediaDirOf(source), [...media.keys()][0]))).toBe(0o644); // the live file is left alone
        for (const [path, entryMode] of await entryModes(archive.path))
          if (path.startsWith('media/')) expect(entryMode, path).toBe(path.endsWith('/') ? 0o700 : 0o600);

        for (const occupied of ['uploads', 'media', 'pglite']) {
          const target = newFolder(`occupied-${occupied}`);
          mkdirSync(join(target, occupied));
          writeFileSync(join(target, occupied, 'keep.txt'), 'mine');
          const print = capture();
          expect(await runRestoreCommand({ file: archive.path, dataDir: target, print })).toBe(2);
          expect(print.lines).toEqual([
            `Restore refused: ${join(target, occupied)} already holds files: restore into an empty data folder (set DATA_DIR to a new folder, or move this one away first).`,
          ]);
          expect(readFileSync(join(target, occupied, 'keep.txt'), 'utf8')).toBe('mine');
          expect(readdirSync(target).sort()).toEqual([occupied]);
        }

        // The same archive into an empty folder: uploads and media restored, the pg_restore command shown.
        const target = newFolder('empty');
        const print = capture();
        expect(await runRestoreCommand({ file: archive.path, dataDir: target, print })).toBe(0);
        expect(readFileSync(join(target, 'uploads', 'a.png')).equals(PNG)).toBe(true);
        expectMedia(target, media);
        expect(print.lines.join('\n')).toContain(`customer media: 4 files in ${mediaDirOf(target)}`);
        expect(print.lines.join('\n')).toContain('pg_restore');

        // An empty media/ already there is fine (and closed to others).
        const withEmpty = newFolder('empty-media');
        mkdirSync(join(withEmpty, 'media'), { mode: 0o755 });
        chmodSync(join(withEmpty, 'media'), 0o755);
        expect(await runRestoreCommand({ file: archive.path, dataDir: withEmpty, print: capture() })).toBe(0);
        expectMedia(withEmpty, media);
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
          new RegExp(`version ${BACKUP_FORMAT_VERSION + 1} is unknown`),
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
        [
          'media missing from the archive',
          await craftArchive('media-missing', uploadsOnlyManifest(0, 2), { [`media/${randomUUID()}.jpg`]: 'x' }),
          /holds 1 customer media files, its manifest says 2: the archive is incomplete/,
        ],
        [
          'no media count',
          await craftArchive('no-media-count', { ...uploadsOnlyManifest(0), media: undefined }, {}),
          /manifest\.json is incomplete or malformed/,
        ],
        [
          'media in a version-1 archive',
          await craftArchive(
            'v1-with-media',
            { ...uploadsOnlyManifest(0), version: 1, media: undefined },
            {
              [`media/${randomUUID()}.jpg`]: 'x',
            },
          ),
          /holds 1 customer media files, its manifest says 0/,
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
    'an archive written before media were backed up (format version 1, no media/) still restores, with an empty media folder',
    { timeout: 120_000 },
    async () => {
      const site = await openSite(newFolder('before-media'));
      const product = await site.services.products.create(productForm('Black Galaxy', 7000, true));
      const current = await createBackup({
        dataDir: site.dataDir,
        path: join(root, 'd.tar.gz'),
        database: site.database,
      });
      await site.database.close();
      const old = await asVersion1(current.path);
      const entries = [...(await entryModes(old)).keys()];
      expect(entries.some((path) => path.startsWith('media'))).toBe(false);

      const target = join(newFolder('before-media-restored'), 'data');
      const print = capture();
      expect(await runRestoreCommand({ file: old, dataDir: target, print })).toBe(0);
      const said = print.lines.join('\n');
      expect(said).toContain('1 products, 0 conversations');
      expect(said).toContain('customer media: none (the archive predates media backups)');
      expect(readFileSync(join(target, 'uploads', basename(product.productImageUrl!))).equals(PNG)).toBe(true);
      expectMedia(target, new Map());
      const reopened = await openDatabase({ dataDir: join(target, 'pglite') });
      try {
        expect((await productsOf(reopened)).map((p) => p.name)).toEqual(['Black Galaxy']);
      } finally {
        await reopened.close();
      }
    },
  );

  it(
    "npm run backup goes through the running server's control socket, and opens the folder itself when no server runs",
    { timeout: 120_000 },
    async () => {
      const site = await openSite(newFolder('served'));
      await site.services.products.create(productForm('Kashmir White', 9000, true));
      const media = addMedia(site.dataDir, 2);
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
      expect(print.lines.join('\n')).toMatch(
        /^Backup written by the running server: .*1 products, 0 conversations, 1 uploaded files, 2 customer media files; requests waited/,
      );
      expect(code).toBe(0);
      const written = join(cwd, 'backup-20260102-030405.tar.gz');
      expect(mode(written)).toBe(0o600);
      expect(logged.join('\n')).toContain(`backup written to ${written}`);
      expect(logged.join('\n')).toContain('1 uploaded files, 2 customer media files');

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
        /^Backup written: .*direct\.tar\.gz .*1 products, 0 conversations, 1 uploaded files, 2 customer media files\)\.$/,
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
      expect(pg.lines[0]).toMatch(
        /^Uploaded images and customer media backed up: .*uploads\.tar\.gz .*1 uploaded files, 2 customer media files\)\.$/,
      );

      // Restoring the server-made archive gives back the product and its image.
      const target = join(newFolder('served-restored'), 'data');
      const restored = capture();
      expect(await runRestoreCommand({ file: written, dataDir: target, print: restored })).toBe(0);
      expect(restored.lines.join('\n')).toContain('1 products, 0 conversations');
      expect(readdirSync(join(target, 'uploads'))).toHaveLength(1);
      expect(restored.lines.join('\n')).toContain('customer media: 2 files');
      expectMedia(target, media);
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
