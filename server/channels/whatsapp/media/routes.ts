// GET /api/conversations/{id}/messages/{messageId}/attachment: a customer's
// photo, document, voice note, video or sticker, as stored by the downloader.
// The contract routes require the session. The file is sent with its own
// type and told never to be sniffed as another, runs nothing if opened on its
// own (CSP sandbox), and may be kept by this browser only (private).
import type { HandlersFor, RouteContext } from '../../../app/routes';

/** Content-Security-Policy of a served attachment: shown (image, video, audio), never run. */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

export function mediaRoutes({ services }: RouteContext): HandlersFor<'getMessageAttachment'> {
  return {
    async getMessageAttachment(request, reply) {
      const file = await services.attachments.open(request.params.id, request.params.messageId);
      return (
        reply
          .header('content-type', file.mimeType)
          .header('content-length', file.size)
          .header('content-disposition', file.disposition)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', ATTACHMENT_CSP)
          // The file behind this address never changes once stored.
          .header('cache-control', 'private, max-age=86400')
          .send(file.stream)
      );
    },
  };
}
