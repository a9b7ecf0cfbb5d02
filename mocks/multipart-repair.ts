// Prism 5.14 parses multipart bodies with parse-multipart-data, which throws
// outside any handler (the whole Prism process exits) on two things browsers
// and curl send every day:
//   * a filename containing "=" (or ";"): `filename="price=list.csv"` is split
//     on "=" and the half `"price` handed to JSON.parse;
//   * a file part without a Content-Type header (`.split(':')[1].trim()`).
// The mock runner (mocks/prism.ts) passes every multipart request through
// repairMultipart first. Only part headers are rewritten; part contents are
// copied byte for byte, so Prism validates what the dashboard sent.

/** Content types by file extension, for file parts that came without one. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export type Repair = { body: Buffer; repairs: string[] };

/** The boundary of a multipart/form-data Content-Type header, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

type Disposition = { name?: string; filename?: string };

/** Reads the parameters of a Content-Disposition value (quoted strings may hold ";" and "="). */
function parseDisposition(value: string): Disposition {
  const params: Record<string, string> = {};
  const pattern = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of value.matchAll(pattern)) {
    const key = match[1].toLowerCase();
    let raw = match[2].trim();
    if (raw.startsWith('"')) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    params[key] = raw;
  }
  let filename = params.filename;
  // RFC 5987 form, e.g. filename*=UTF-8''price%3Dlist.csv
  const extended = params['filename*'];
  if (extended !== undefined) {
    const encoded = extended.replace(/^[^']*'[^']*'/, '');
    try {
      // Back to bytes in the latin1 text the body is handled as (UTF-8 on the wire).
      filename = Buffer.from(decodeURIComponent(encoded), 'utf8').toString('latin1');
    } catch {
      filename = encoded;
    }
  }
  return { name: params.name, filename };
}

/** A filename the parser survives: no quote, backslash, "=", ";" or line break. */
const safeFilename = (name: string) => name.replace(/["\\=;\r\n]/g, '_');
const safeName = (name: string) => name.replace(/["\\\r\n]/g, '_');

function contentTypeFor(filename: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/**
 * Rewrites the part headers Prism's parser would crash on. Returns the body
 * unchanged (same Buffer) when nothing needed repair.
 */
export function repairMultipart(body: Buffer, boundary: string): Repair {
  // latin1 maps every byte to one character and back: contents stay intact.
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const segments = text.split(delimiter);
  if (segments.length < 3) return { body, repairs: [] };

  const repairs: string[] = [];
  const parts: string[] = [segments[0]];
  for (let index = 1; index < segments.length; index += 1) {
    const segment = segments[index];
    // The closing delimiter ("--" after the boundary) and what follows it.
    if (index === segments.length - 1 || segment.startsWith('--')) {
      parts.push(segment);
      continue;
    }
    const headerEnd = segment.indexOf('\r\n\r\n');
    if (!segment.startsWith('\r\n') || headerEnd === -1) {
      parts.push(segment);
      continue;
    }
    const headerLines = segment.slice(2, headerEnd).split('\r\n');
    const rest = segment.slice(headerEnd);
    const dispositionIndex = headerLines.findIndex((line) => /^content-disposition\s*:/i.test(line));
    if (dispositionIndex === -1) {
      repairs.push(`dropped part ${index} without Content-Disposition`);
      continue;
    }
    const disposition = parseDisposition(headerLines[dispositionIndex].replace(/^[^:]*:/, ''));
    const name = safeName(disposition.name ?? `part${index}`);
    let line = `Content-Disposition: form-data; name="${name}"`;
    if (disposition.filename !== undefined) {
      const filename = safeFilename(disposition.filename);
      line += `; filename="${filename}"`;
      if (filename !== disposition.filename)
        repairs.push(`${name}: filename ${JSON.stringify(disposition.filename)} → ${JSON.stringify(filename)}`);
    }
    const lines = headerLines.map((header, i) => (i === dispositionIndex ? line : header));
    const typeIndex = lines.findIndex((header) => /^content-type\s*:/i.test(header));
    if (
      disposition.filename !== undefined &&
      (typeIndex === -1 || lines[typeIndex].replace(/^[^:]*:/, '').trim() === '')
    ) {
      const type = contentTypeFor(disposition.filename);
      if (typeIndex === -1) lines.push(`Content-Type: ${type}`);
      else lines[typeIndex] = `Content-Type: ${type}`;
      repairs.push(`${name}: file part without Content-Type → ${type}`);
    }
    parts.push(`\r\n${lines.join('\r\n')}${rest}`);
  }
  if (repairs.length === 0) return { body, repairs };
  return { body: Buffer.from(parts.join(delimiter), 'latin1'), repairs };
}
