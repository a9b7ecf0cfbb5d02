// A request as the properties think of it (a Shape: path parameters and query
// as text, a JSON value or multipart parts, which session), and as it goes on
// the wire (method, URL, headers, bytes). Multipart bodies are written here
// by hand rather than by FormData: FormData rewrites line breaks inside
// values and cannot express a part without headers.
import type { Operation } from '../../app/openapi/openapi';

export type Part = {
  name: string;
  value: string | Buffer;
  /** Present: a file part. */
  filename?: string;
  contentType?: string;
  /** The part's header block as written; '' sends a part with no headers at all. */
  rawHeaders?: string;
};

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; parts: Part[] }
  | {
      kind: 'raw';
      contentType: string | undefined;
      payload: string | Buffer;
      /** why it is unreadable, when it is */ unreadable?: string;
    };

export type Shape = {
  params: Record<string, string>;
  /** In order; a key may repeat. */
  query: [string, string][];
  body?: Body;
  /** session: the shared signed-in cookie; fresh: a session made for this request alone; none: no cookie. */
  cookie: 'session' | 'fresh' | 'none';
  headers: Record<string, string>;
};

export type Wire = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
};

export const BOUNDARY = 'property-test-boundary-7MA4YWxkTrZu0gW';

function partHeaders(part: Part): string {
  if (part.rawHeaders !== undefined) return part.rawHeaders;
  let headers = `Content-Disposition: form-data; name="${part.name}"`;
  if (part.filename !== undefined)
    headers += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
  return `${headers}\r\n`;
}

export function encodeMultipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${partHeaders(part)}\r\n`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function pathOf(op: Operation, params: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function toWire(
  op: Operation,
  shape: Shape,
  cookies: { session: string; fresh?: string },
  method: string = op.method,
): Wire {
  const search = new URLSearchParams(shape.query).toString();
  const headers: Record<string, string> = { ...shape.headers };
  if (shape.cookie === 'session') headers.cookie = cookies.session;
  if (shape.cookie === 'fresh') headers.cookie = cookies.fresh ?? cookies.session;
  let payload: string | Buffer | undefined;
  const body = shape.body;
  if (body?.kind === 'json') {
    payload = JSON.stringify(body.value);
    headers['content-type'] = 'application/json';
  } else if (body?.kind === 'form') {
    payload = encodeMultipart(body.parts);
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
  } else if (body?.kind === 'raw') {
    payload = body.payload;
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  }
  return { method, url: `${pathOf(op, shape.params)}${search ? `?${search}` : ''}`, headers, payload };
}

/** Characters that print as nothing (or as a space) written as \\uXXXX, so a reproduction shows them. */
export const visible = (text: string) =>
  text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what it shows
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const clip = (text: string, max = 700) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

/** Bytes shown as text, with binary file contents summarised. */
function showPayload(payload: string | Buffer): string {
  if (typeof payload === 'string') return visible(JSON.stringify(clip(payload)));
  const text = payload.toString('latin1');
  // PNG and other binary parts: name them instead of printing them.
  const readable = text.replace(/\x89PNG[\s\S]*?IEND\xaeB`\x82/g, (png) => `<PNG ${png.length} bytes>`);
  return visible(JSON.stringify(clip(Buffer.from(readable, 'latin1').toString('utf8'))));
}

/** One request and its answer, as a reproduction. */
export function describeExchange(
  wire: Wire,
  answer?: { statusCode: number; headers: Record<string, unknown>; body: string },
): string {
  const headers = Object.entries(wire.headers)
    .map(
      ([name, value]) =>
        `${name}: ${name === 'cookie' ? value.replace(/sid=[^;]+/, 'sid=<signed-in session>') : value}`,
    )
    .join('; ');
  const lines = [`  request: ${wire.method} ${wire.url}`, `  headers: ${headers || '(none)'}`];
  if (wire.payload !== undefined) lines.push(`  body: ${showPayload(wire.payload)}`);
  if (wire.remoteAddress) lines.push(`  from: ${wire.remoteAddress}`);
  if (answer)
    lines.push(
      `  answer: ${answer.statusCode} ${answer.headers['content-type'] ?? ''} ${visible(clip(answer.body, 400))}`,
    );
  return lines.join('\n');
}
