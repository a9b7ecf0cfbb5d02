// The environment-variable table of docs/configuration.md, printed from the one list of
// server/app/config.ts (ENVIRONMENT) between the page's markers. `npm run docs:config` writes it;
// scripts/docs/__tests__/configuration-table.test.ts fails when the page's copy is stale.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../common/contract/root';
import { ENVIRONMENT, type EnvironmentVariable } from '../../server/app/config';

export const CONFIGURATION_DOC = join(PROJECT_ROOT, 'docs', 'configuration.md');

// Prettier leaves the table as written (one row a line, no padding), so that a changed row is a
// one-line change and the page needs no formatting after the script has run.
const START = '<!-- environment-variables:start (written by npm run docs:config from server/app/config.ts) -->';
const END = '<!-- environment-variables:end -->';
const IGNORE_START = '<!-- prettier-ignore-start -->';
const IGNORE_END = '<!-- prettier-ignore-end -->';

const READ_BY: Record<EnvironmentVariable['readBy'], string> = {
  server: 'server',
  gateway: 'gateway',
  both: 'server, gateway',
};

/** A table cell: one line, with the pipes that would end it escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** The Markdown table of `variables`, one row each. */
export function environmentTable(variables: readonly EnvironmentVariable[] = ENVIRONMENT): string {
  const rows = variables.map(
    (v) => `| \`${v.name}\` | ${cell(v.default ?? '')} | ${READ_BY[v.readBy]} | ${cell(v.description)} |`,
  );
  return ['| variable | default | read by | what it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `doc` with the table between its markers written from `variables`. */
export function withEnvironmentTable(doc: string, variables: readonly EnvironmentVariable[] = ENVIRONMENT): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/configuration.md lacks the markers ${START} … ${END}`);
  const before = doc.slice(0, start).replace(/\s*$/, '');
  const after = doc.slice(end + END.length).replace(/^\s*/, '');
  const beforeBlock = before.endsWith(IGNORE_START) ? before : `${before}\n\n${IGNORE_START}`;
  const afterBlock = after.startsWith(IGNORE_END) ? after : `${IGNORE_END}\n\n${after}`;
  return `${beforeBlock}\n${START}\n\n${environmentTable(variables)}\n\n${END}\n${afterBlock}`;
}
