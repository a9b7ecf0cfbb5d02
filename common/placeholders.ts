// A blank left in a message: a `{{name}}` placeholder (a quick reply's
// variable, or a template's `{{1}}`) that nobody filled in. The dashboard keeps
// Send disabled while one is left and the server refuses such text, so a
// customer never receives "We can do {{offerPrice}}".

const BLANK = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** The blanks left in `text`, each once, in the order they first appear, as written: `{{offerPrice}}`. */
export function unfilledBlanks(text: string): string[] {
  return [...new Set([...text.matchAll(BLANK)].map((match) => `{{${match[1]}}}`))];
}

/** The plain sentence that names them: "Fill in {{offerPrice}} before sending". */
export function fillInBefore(blanks: readonly string[]): string {
  const names =
    blanks.length <= 1 ? blanks.join('') : `${blanks.slice(0, -1).join(', ')} and ${blanks[blanks.length - 1]}`;
  return `Fill in ${names} before sending`;
}
