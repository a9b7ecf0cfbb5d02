// The text of an error as it is stored (a job's last_error, a message's
// failure_reason): one line, never empty, and at most ERROR_TEXT_MAX
// characters, so that an answer of unbounded length (an HTML error page) does
// not end up in a row or an event whole.
import { clip, oneLine } from '../app/text';

/** The longest error or failure text stored. */
export const ERROR_TEXT_MAX = 500;

/** `text` cut to ERROR_TEXT_MAX characters (its last one "…" when cut). */
export const clipErrorText = (text: string) => clip(text, ERROR_TEXT_MAX);

/** An error's message (or whatever was thrown) on one line, clipped; "no reason given" when there is none. */
export function errorText(error: unknown): string {
  return clipErrorText(oneLine(error instanceof Error ? error.message : String(error)) || 'no reason given');
}
