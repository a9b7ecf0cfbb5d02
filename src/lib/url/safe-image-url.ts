/**
 * An image URL from the server, or null when it must not be loaded.
 * Only http(s) URLs and same-origin relative paths pass: a `javascript:` URL
 * is never something to fetch, and a `data:` URL (e.g. SVG) lets the server
 * side smuggle arbitrary content past the image host.
 */
export function safeImageUrl(raw: string | null | undefined, base: string = window.location.origin): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers drop tabs/newlines inside URLs and ignore leading control chars: judge what they would load.
  const trimmed = raw
    // eslint-disable-next-line no-control-regex -- control characters are what it strips
    .replace(/[\u0000-\u0020\u007f-\u009f]+/g, (match, offset: number) => (offset === 0 ? '' : match))
    .replace(/[\t\n\r]/g, '');
  if (!trimmed) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//');
  if (relative && parsed.origin !== new URL(base).origin) return null;
  return trimmed;
}
