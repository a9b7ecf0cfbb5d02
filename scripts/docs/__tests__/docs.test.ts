// @vitest-environment node
// The documentation as a whole: README.md a short door that stands alone, every relative link
// between the pages (and into the repository) resolving, and the deployment files linked from
// the docs rather than copied into them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../common/contract/root';

const DOCS_DIR = join(PROJECT_ROOT, 'docs');
const README = join(PROJECT_ROOT, 'README.md');
const PAGES = [
  README,
  join(PROJECT_ROOT, 'CONTRIBUTING.md'),
  ...readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS_DIR, name)),
];

/** What an operator deploys with: every file under deploy/, and the files beside the code that build or run a release. */
const DEPLOYMENT_FILES = [
  ...(function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(PROJECT_ROOT, join(dir, entry.name))],
    );
  })(join(PROJECT_ROOT, 'deploy')),
  'Dockerfile',
  '.dockerignore',
  'compose.yaml',
  'scripts/production/release.sh',
  'conformance/Dockerfile',
];

/** The two set-up commands, as README.md gives them: nothing else to run on a fresh machine. */
const SETUP_COMMANDS = [
  'npm ci && npm start   # the dashboard on its reference server, with demo data: http://127.0.0.1:5173 (sign in as admin / admin123)',
  'npm test              # every check: contract lint, generated code, types, unit, conformance, server and browser tests',
];

const read = (file: string) => readFileSync(file, 'utf8');
const name = (file: string) => relative(PROJECT_ROOT, file);

/** Every fenced code block's text. */
const fencedBlocks = (markdown: string) =>
  [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```[ \t]*$/gm)].map((match) => match[1]);

/** The text a reader sees as prose: fenced blocks and inline code taken out. */
const prose = (markdown: string) =>
  markdown.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '').replace(/`[^`\n]*`/g, 'code');

/** Every [text](target) of a page. */
const links = (markdown: string) =>
  [...prose(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a page's headings (a repeated heading gets -1, -2…). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '')
    .matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** The file a relative link of `page` points to, absolute, and its #anchor if any. */
function resolveLink(page: string, target: string): { file: string; anchor?: string } {
  const [path, anchor] = target.split('#', 2);
  return { file: path ? resolve(dirname(page), decodeURI(path)) : page, anchor: anchor || undefined };
}

describe('README.md', () => {
  const readme = read(README);

  it('is a door, not the manual: at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('gives the two set-up commands, and no other command block', () => {
    expect(fencedBlocks(readme).map((block) => block.trim())).toEqual(SETUP_COMMANDS);
  });

  it('stands alone in a clone: it links nothing outside the repository', () => {
    expect(links(readme).filter(isExternal)).toEqual([]);
  });

  it('links CONTRIBUTING.md and every page of docs/', () => {
    const targets = new Set(
      links(readme)
        .filter((target) => !isExternal(target))
        .map((target) => resolveLink(README, target).file),
    );
    expect(PAGES.filter((page) => page !== README && !targets.has(page)).map(name)).toEqual([]);
  });
});

describe('links between the pages', () => {
  it('every relative link in README.md, CONTRIBUTING.md and docs/ points to a file that exists', () => {
    const broken: string[] = [];
    for (const page of PAGES)
      for (const target of links(read(page))) {
        if (isExternal(target)) continue;
        const { file, anchor } = resolveLink(page, target);
        if (!relative(PROJECT_ROOT, file) || relative(PROJECT_ROOT, file).startsWith('..'))
          broken.push(`${name(page)}: ${target} (outside the repository)`);
        else if (!existsSync(file)) broken.push(`${name(page)}: ${target} (no such file)`);
        else if (anchor && statSync(file).isFile() && file.endsWith('.md') && !anchors(read(file)).has(anchor))
          broken.push(`${name(page)}: ${target} (no heading #${anchor} in ${name(file)})`);
      }
    expect(broken).toEqual([]);
  });

  it('reads anchors as GitHub writes them', () => {
    expect([
      ...anchors(
        "# A — b\n## The inbox and WhatsApp's rules\n## `npm test`: steps\n## Again\n## Again\n```\n# not a heading\n```\n",
      ),
    ]).toEqual(['a--b', 'the-inbox-and-whatsapps-rules', 'npm-test-steps', 'again', 'again-1']);
  });
});

describe('the deployment files', () => {
  const docs = PAGES.filter((page) => page.startsWith(DOCS_DIR));

  it.each(DEPLOYMENT_FILES)('%s exists and a page of docs/ links it', (file) => {
    expect(existsSync(join(PROJECT_ROOT, file)), `${file} is gone: update the docs and this list`).toBe(true);
    const linkedFrom = docs.filter((page) =>
      links(read(page))
        .filter((target) => !isExternal(target))
        .some((target) => resolveLink(page, target).file === join(PROJECT_ROOT, file)),
    );
    expect(linkedFrom.map(name), `no page of docs/ links ${file}`).not.toEqual([]);
  });

  it.each(DEPLOYMENT_FILES)('%s is linked, not copied into a page', (file) => {
    const text = read(join(PROJECT_ROOT, file)).trim();
    const copiedInto = PAGES.filter((page) => fencedBlocks(read(page)).some((block) => block.trim() === text));
    expect(copiedInto.map(name)).toEqual([]);
  });
});
