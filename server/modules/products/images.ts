// Uploaded images: the type is read from the file's first bytes, never from
// its name or the client's Content-Type, and the file is stored under a
// random name with the matching extension.
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export const UPLOADS_PREFIX = '/uploads/';

export type ImageType = { ext: 'png' | 'jpg' | 'webp' | 'gif'; mime: string };

export function sniffImage(bytes: Buffer): ImageType | undefined {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return { ext: 'gif', mime: 'image/gif' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return undefined;
}

export function imageStore(uploadsDir: string) {
  return {
    dir: uploadsDir,
    async save(bytes: Buffer, type: ImageType): Promise<string> {
      await mkdir(uploadsDir, { recursive: true });
      const name = `${randomUUID()}.${type.ext}`;
      await writeFile(join(uploadsDir, name), bytes);
      return `${UPLOADS_PREFIX}${name}`;
    },
    /** Removes a file this server stored; URLs from elsewhere (CSV imports) are left alone. */
    async remove(url: string | null | undefined): Promise<void> {
      if (!url?.startsWith(UPLOADS_PREFIX)) return;
      await unlink(join(uploadsDir, basename(url))).catch(() => {});
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
