// A message's stored attachment, for GET /api/conversations/{id}/messages/
// {messageId}/attachment: found only through a message of that conversation,
// read only from DATA_DIR/media under the name the downloader gave it. Every
// way of not having the file is a 404 saying which, in words staff read.
import type { ReadStream } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { HttpError } from '../../../app/errors';
import { cleanMimeType, contentDisposition, extensionOf, mediaFiles } from './files';
import { mediaRepository } from './repository';

const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'sticker', 'document']);

export type AttachmentFile = {
  stream: ReadStream;
  size: number;
  mimeType: string;
  /** The Content-Disposition value: documents as a download, media inline. */
  disposition: string;
};

const notFound = (message: string) => new HttpError(404, message);

/**
 * The Content-Type a file is served with: pictures, video, sound and PDF as
 * themselves (the types openapi.yaml lists), anything else (a Word file, a
 * spreadsheet) as bytes to download under its name.
 */
export const servedType = (mimeType: string) =>
  /^(image|video|audio)\//.test(mimeType) || mimeType === 'application/pdf' ? mimeType : 'application/octet-stream';

export function attachmentFiles(db: Kysely<DB>, dir: string) {
  const repository = mediaRepository(db);
  const files = mediaFiles(dir);
  return {
    dir: files.dir,
    async open(conversationId: number, messageId: number): Promise<AttachmentFile> {
      const row = await repository.attachmentOf(conversationId, messageId);
      if (!row) throw notFound('No such message in this conversation');
      const attachment = row.attachment;
      if (!attachment || !MEDIA_KINDS.has(String(attachment.kind))) throw notFound('This message has no file attached');
      if (attachment.state === 'pending') throw notFound('The file is still being downloaded from WhatsApp');
      if (attachment.state !== 'ready' || typeof attachment.file !== 'string')
        throw notFound('The file is no longer available from WhatsApp');
      const opened = await files.open(attachment.file);
      if (!opened) throw notFound("The file is missing from this server's storage");
      const mimeType = cleanMimeType(attachment.mimeType);
      const ext = extensionOf(mimeType);
      const name =
        (attachment.kind === 'document' && typeof attachment.filename === 'string' && attachment.filename) ||
        `${attachment.kind}-${messageId}${ext ? `.${ext}` : ''}`;
      return {
        stream: opened.handle.createReadStream(),
        size: opened.size,
        mimeType: servedType(mimeType),
        disposition: contentDisposition(attachment.kind, mimeType, name),
      };
    },
  };
}
