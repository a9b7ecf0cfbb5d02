// Customers' media files on disk, in DATA_DIR/media: written under a random
// name (never the customer's file name), hashed while they are written, and
// read back only by a name this module made, inside that folder.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** The folder of customers' media under DATA_DIR. */
export const mediaDirOf = (dataDir: string) => join(dataDir, 'media');

const MiB = 1024 * 1024;
/**
 * The largest file kept, by kind: WhatsApp's own limits (documents 100 MB;
 * video and audio 16 MB; images 5 MB and stickers 500 KB, within 16 MiB).
 * A larger file is refused while it downloads (graph-client.ts stops
 * reading), never stored.
 */
export const MAX_BYTES = { document: 100 * MiB, media: 16 * MiB } as const;
export const maxBytesFor = (kind: string | undefined) => (kind === 'document' ? MAX_BYTES.document : MAX_BYTES.media);

/** A stored file's name: a UUID and an extension from the media type, nothing else. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};
export const extensionOf = (mimeType: string) => EXTENSIONS[mimeType];

/**
 * A media type as stored and served: the type/subtype only, lowered
 * ("audio/ogg; codecs=opus" → "audio/ogg"); anything that is not one
 * becomes application/octet-stream.
 */
export function cleanMimeType(value: string | null | undefined): string {
  const base = (value ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(base)
    ? base
    : 'application/octet-stream';
}

/**
 * Whether the file's SHA-256 is the one WhatsApp gave: its webhooks give the
 * hash in base64, the media URL answer in hex; both are accepted.
 */
export function hashMatches(digest: Buffer, expected: string): boolean {
  const text = expected.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return digest.equals(Buffer.from(text, 'hex'));
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 && digest.equals(bytes);
}

export type ReceivedFile = { temp: string; size: number; sha256: Buffer };

export function mediaFiles(dir: string) {
  const root = resolve(dir);
  /** The absolute path of a stored name; undefined for anything this module would not have made. */
  const pathOf = (name: string): string | undefined => {
    if (!STORED_NAME.test(name)) return undefined;
    const path = resolve(root, name);
    return path.startsWith(root + sep) ? path : undefined;
  };

  return {
    dir: root,
    pathOf,

    /** Writes a download to a temporary file in the folder, with its size and SHA-256. */
    async write(bytes: Buffer): Promise<ReceivedFile> {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const temp = join(root, `.${randomUUID()}.part`);
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      return { temp, size: bytes.length, sha256: createHash('sha256').update(bytes).digest() };
    },

    /** Gives a received file its stored name; returns that name. */
    async keep(received: ReceivedFile, mimeType: string): Promise<string> {
      const ext = extensionOf(mimeType);
      const name = `${randomUUID()}${ext ? `.${ext}` : ''}`;
      await rename(received.temp, join(root, name));
      return name;
    },

    /**
     * Removes downloads a crash left half written (".part" files) once older
     * than `olderThanMs`: another instance sharing DATA_DIR may be writing a
     * younger one.
     */
    async removeStaleParts(now: Date, olderThanMs: number): Promise<number> {
      const names = await readdir(root).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        if (!/^\.[0-9a-f-]{36}\.part$/.test(name)) continue;
        const path = join(root, name);
        const info = await stat(path).catch(() => undefined);
        if (info && now.getTime() - info.mtimeMs > olderThanMs) {
          await unlink(path).catch(() => {});
          removed++;
        }
      }
      return removed;
    },

    async discard(pathOrName: string): Promise<void> {
      const path = pathOrName.startsWith(root + sep) ? pathOrName : pathOf(pathOrName);
      if (path) await unlink(path).catch(() => {});
    },

    /** Opens a stored file for reading; undefined when the name is not one of ours or the file is gone. */
    async open(name: string): Promise<{ handle: FileHandle; size: number } | undefined> {
      const path = pathOf(name);
      if (!path) return undefined;
      const handle = await open(path, 'r').catch(() => undefined);
      if (!handle) return undefined;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return { handle, size: stat.size };
    },
  };
}

/** Types shown in the page (an <img>, <video> or <audio>); any other is offered as a download. */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/3gpp',
  'video/webm',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/amr',
  'audio/webm',
  'audio/wav',
]);

/**
 * Content-Disposition for a stored attachment: documents (and any type a
 * browser should not render, such as SVG or HTML) as a download, photos,
 * videos, voice notes and stickers inline. The name is given twice, as ASCII
 * and RFC 5987 UTF-8, with no path, quote or control character in it.
 */
export function contentDisposition(kind: string | undefined, mimeType: string, filename: string): string {
  const inline = kind !== 'document' && INLINE_TYPES.has(mimeType);
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  let clean = [...filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim()].slice(0, 120).join('') || 'attachment';
  for (;;) {
    const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%\\]/g, '_');
    const encoded = encodeURIComponent(clean).replace(
      /['()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    const value = `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
    // The contract bounds the header at 600 characters: a long non-ASCII name loses its middle.
    const chars = [...clean];
    if (value.length <= 600 || chars.length <= 16) return value;
    clean = [...chars.slice(0, Math.floor(chars.length / 2) - 4), '…', ...chars.slice(-8)].join('');
  }
}
