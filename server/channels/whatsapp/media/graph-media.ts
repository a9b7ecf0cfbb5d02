// One media file from the Graph API: retrieveMediaUrl (GET /{Version}/{Media-ID},
// through the typed client of Meta's contract, graph-client.ts) gives a
// short-lived absolute URL, its type, size and SHA-256; the file is then a
// GET of that URL with the same bearer token (graph-client.ts downloadMediaUrl). Every failure is sorted into "try again later" or
// "gone for good" here, by Graph's error code where it gives one: only
// WhatsApp saying the media does not exist (404, or code 100: an id Graph
// does not know) is final; a token or permission error is retried, because
// the operator can fix it while WhatsApp still holds the file.
import { createGraphClient, downloadMediaUrl, MediaDownloadError } from '../graph-client';

export type MediaInfo = { url: string; mimeType?: string; sha256?: string; fileSize?: number };

export type GraphMediaOptions = {
  graphUrl: string;
  accessToken: string;
  version?: string;
  fetch?: (input: Request) => Promise<Response>;
  /** Limits each Graph call (retrieve: 20 s; download: 5 minutes). */
  retrieveTimeoutMs?: number;
  downloadTimeoutMs?: number;
};

/** A failure worth another attempt later (network, 5xx, rate limits, an expired URL, a token being fixed). */
export class TransientMediaError extends Error {
  constructor(
    message: string,
    /** The operator has to act (token, permissions): logged as an error, not a warning. */
    readonly needsOperator = false,
  ) {
    super(message);
  }
}
/** WhatsApp no longer has the media (or never had it under this id): no attempt can succeed. */
export class PermanentMediaError extends Error {}

type GraphError = { code?: number; error_subcode?: number; message?: string; is_transient?: boolean };

const graphErrorOf = (body: unknown): GraphError | undefined => {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  return error && typeof error === 'object' ? (error as GraphError) : undefined;
};

/** Graph's codes for the token or the app's permissions: nothing works until the operator fixes them. */
const OPERATOR_CODES = new Set([190, 102, 10, 200, 368]);

/**
 * The error for a Graph answer that is not a 200. The message names the
 * status and code only: Graph's text can quote the request, never the token,
 * but nothing of it is needed to act.
 */
export function classifyGraphFailure(status: number, body: unknown): TransientMediaError | PermanentMediaError {
  const error = graphErrorOf(body);
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const what = `Graph answered ${status}${code === undefined ? '' : ` (code ${code}${error?.error_subcode ? `/${error.error_subcode}` : ''})`}`;
  if (status === 404 || (status === 400 && code === 100))
    return new PermanentMediaError(`${what}: WhatsApp no longer has this media`);
  if (code !== undefined && OPERATOR_CODES.has(code))
    return new TransientMediaError(`${what}: the access token or the app's permissions were refused`, true);
  if (status === 401 || status === 403)
    return new TransientMediaError(`${what}: the access token or the app's permissions were refused`, true);
  return new TransientMediaError(what);
}

const describe = (error: unknown) =>
  error instanceof Error
    ? error.name === 'TimeoutError' || error.name === 'AbortError'
      ? 'timed out'
      : (error.cause instanceof Error ? error.cause.message : error.message) || error.name
    : String(error);

export function graphMedia(options: GraphMediaOptions) {
  const version = options.version ?? 'v23.0';
  const fetchImpl = options.fetch ?? ((request: Request) => fetch(request));
  const client = createGraphClient({
    graphUrl: options.graphUrl,
    accessToken: options.accessToken,
    version,
    fetch: fetchImpl,
  });
  // A mock Graph on http (development, tests) may hand out http URLs; Meta's are https.
  const allowHttp = new URL(options.graphUrl).protocol === 'http:';

  return {
    /** retrieveMediaUrl: where the file is, for the next 5 minutes. */
    async retrieve(mediaId: string): Promise<MediaInfo> {
      let result;
      try {
        result = await client.GET('/{Version}/{Media-ID}', {
          params: { path: { Version: version, 'Media-ID': mediaId } },
          signal: AbortSignal.timeout(options.retrieveTimeoutMs ?? 20_000),
        });
      } catch (error) {
        throw new TransientMediaError(`retrieving the media URL failed: ${describe(error)}`);
      }
      const { data, error, response } = result;
      if (!response.ok || !data) throw classifyGraphFailure(response.status, error);
      if (typeof data.url !== 'string' || !data.url) throw new TransientMediaError('Graph gave no media URL');
      const size = Number(data.file_size);
      return {
        url: data.url,
        ...(typeof data.mime_type === 'string' && { mimeType: data.mime_type }),
        ...(typeof data.sha256 === 'string' && data.sha256 && { sha256: data.sha256 }),
        ...(Number.isFinite(size) && size >= 0 && { fileSize: size }),
      };
    },

    /**
     * The file at `url`, with the bearer token (H1's downloadMediaUrl: the
     * token goes only in the header, and fetch drops it on a redirect to
     * another host), at most `maxBytes`, which it stops reading beyond.
     * Only https unless Graph itself is a local http mock.
     */
    async download(url: string, maxBytes: number): Promise<{ bytes: Buffer; contentType?: string }> {
      let protocol: string;
      try {
        protocol = new URL(url).protocol;
      } catch {
        throw new TransientMediaError('Graph gave a media URL that is not a URL');
      }
      if (protocol !== 'https:' && !(allowHttp && protocol === 'http:'))
        throw new TransientMediaError(`Graph gave a media URL over ${protocol}, not https`);
      try {
        return await downloadMediaUrl(url, options.accessToken, fetchImpl, {
          maxBytes,
          signal: AbortSignal.timeout(options.downloadTimeoutMs ?? 300_000),
        });
      } catch (error) {
        if (!(error instanceof MediaDownloadError))
          throw new TransientMediaError(`downloading the media failed: ${describe(error)}`);
        // An answer that was a success but too long is the size cap: no attempt will fit it.
        if (error.status !== undefined && error.status >= 200 && error.status < 300)
          throw new PermanentMediaError(`the file is over the ${maxBytes}-byte limit`);
        // The URL lives 5 minutes (a 404 here is an expired URL): any other failure is retried with a fresh one.
        const refused = error.status === 401 || error.status === 403;
        throw new TransientMediaError(`downloading the media: ${error.message}`, refused);
      }
    },
  };
}

export type GraphMedia = ReturnType<typeof graphMedia>;
