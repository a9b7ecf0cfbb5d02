// Text helpers shared by the server's modules.

/**
 * `text` in at most `max` characters, its last one "…" when it is cut.
 * Characters are counted as PostgreSQL counts them (code points), so an
 * emoji is never cut in half.
 */
export function clip(text: string, max: number): string {
  // A string no longer than `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** On one line: every run of white space (line breaks too) as one space, trimmed. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
