// The Graph API client for the WhatsApp Cloud API: openapi-fetch typed by Meta's trimmed contract
// (server/channels/whatsapp/contract/whatsapp-cloud.yaml → generated/cloud-api.ts), so every request and
// answer the sender, the template sync and the media download use is checked by the compiler.
//
// The access token travels only in the Authorization header: never in a URL, a log line or an
// error message (Graph's own error bodies do not repeat it).
import createClient, { type Client } from 'openapi-fetch';

import type { paths } from './generated/cloud-api';

/** Prism (the mock) refuses a User-Agent that is not `name/x.y.z`; Meta logs it. */
export const USER_AGENT = 'stone-sinks/1.0.0';
export const DEFAULT_GRAPH_VERSION = 'v23.0';

type FetchLike = (input: Request) => Promise<Response>;

export type GraphClientOptions = {
  /** https://graph.facebook.com, or a mock's URL in tests. */
  graphUrl: string;
  accessToken: string;
  /** The `{Version}` path segment (default v23.0, the contract's version). */
  version?: string;
  /** Another fetch (tests). */
  fetch?: FetchLike;
};

export type GraphClient = Client<paths> & {
  /** The `{Version}` to pass as a path parameter: `params: { path: { Version: client.version, … } }`. */
  readonly version: string;
};

export function createGraphClient({
  graphUrl,
  accessToken,
  version = DEFAULT_GRAPH_VERSION,
  fetch: fetchImpl,
}: GraphClientOptions): GraphClient {
  const client = createClient<paths>({
    baseUrl: graphUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${accessToken}`, 'User-Agent': USER_AGENT },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return Object.assign(client, { version });
}

/** A media download that failed: `status` is the HTTP status, or undefined when no answer came. */
export class MediaDownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MediaDownloadError';
  }
}

export type MediaDownload = { bytes: Buffer; contentType: string | undefined };

export type MediaDownloadOptions = {
  /** Larger files are refused (and not read further). Default 100 MiB, the Cloud API's largest document. */
  maxBytes?: number;
  signal?: AbortSignal;
};

const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Downloads a media file from the absolute `url` that retrieveMediaUrl returned, with the same bearer
 * token (as Meta documents: the URL alone answers nothing). Throws MediaDownloadError; its message names
 * neither the token nor the URL (whose query is a signature).
 */
export async function downloadMediaUrl(
  url: string,
  accessToken: string,
  fetchImpl: FetchLike = (request) => fetch(request),
  { maxBytes = DEFAULT_MAX_BYTES, signal }: MediaDownloadOptions = {},
): Promise<MediaDownload> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new MediaDownloadError('the media URL Graph returned is not an absolute URL');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new MediaDownloadError(`the media URL Graph returned is not http(s) (${target.protocol})`);
  }
  let response: Response;
  try {
    response = await fetchImpl(
      new Request(target, {
        headers: { Authorization: `Bearer ${accessToken}`, 'User-Agent': USER_AGENT },
        redirect: 'follow',
        signal,
      }),
    );
  } catch (error) {
    const reason = (error as Error).name === 'AbortError' ? 'aborted' : 'no answer';
    throw new MediaDownloadError(`media download from ${target.host}: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new MediaDownloadError(`media download from ${target.host} answered ${response.status}`, response.status);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new MediaDownloadError(`media file of ${declared} bytes is larger than ${maxBytes}`, response.status);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        throw new MediaDownloadError(`media download from ${target.host} was cut off after ${size} bytes`);
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new MediaDownloadError(`media file larger than ${maxBytes} bytes`, response.status);
      }
      chunks.push(chunk.value);
    }
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? undefined };
}
