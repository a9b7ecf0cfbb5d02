// What the check prints and writes: the header naming what checked against
// what, the table a developer reads (every violation under its row, worst
// first), the coverage grid, the JUnit XML a CI system reads. The JSON report
// is the Report itself.
import type { Cell, ContractFile, Meta, Report, Result } from './shared';

const caseName = (r: Result) => {
  const what = [r.check === 'answer' || r.check === 'socket' ? '' : r.check, r.detail ?? ''].filter(Boolean).join(': ');
  return `${r.operation}${what ? ` [${what}]` : ''}`;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const describe = (what: string, f: ContractFile) => `${what} version ${f.version}, sha256 ${f.sha256}\n  ${f.file}`;

/** Which check, which contract files (version and SHA-256), which server: two reports compare only when these match. */
export function toHeader(report: Pick<Report, 'meta'> & Partial<Pick<Report, 'baseUrl' | 'mode'>>): string {
  const { tool, contract, asyncapi } = report.meta;
  const mode = report.mode
    ? report.mode.reachCustomers
      ? 'write, reaching customers'
      : report.mode.write
        ? 'write'
        : 'read-only'
    : undefined;
  return [
    `${tool.name} ${tool.version}${report.baseUrl ? ` checking ${report.baseUrl} (${mode})` : ''}`,
    describe('openapi.yaml ', contract),
    describe('asyncapi.yaml', asyncapi),
  ].join('\n');
}

export function toTable(report: Report): string {
  const rows = report.results.map((r) => ({
    cells: [
      caseName(r),
      r.result +
        (r.status
          ? ` (${r.status}${r.expected !== undefined && r.expected !== r.status ? `, expected ${r.expected}` : ''})`
          : ''),
      r.violations.length > 1
        ? plural(r.violations.length, 'violation')
        : r.violations[0]
          ? `${r.violations[0].path}: ${r.violations[0].message}`
          : (r.reason ?? ''),
    ],
    // A single violation fits its row; several are listed under it, worst first.
    below: r.violations.length > 1 ? r.violations.map((v) => `      - ${v.path}: ${v.message}`) : [],
  }));
  const head = ['operation [case]', 'result', 'violation / note'];
  const w = head.map((h, i) => Math.min(i === 0 ? 90 : 70, Math.max(h.length, ...rows.map((r) => r.cells[i].length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(w[i]))).join('  ');
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...rows.flatMap((r) => [line(r.cells), ...r.below])].join(
    '\n',
  );
}

export function toSummary(report: Report): string {
  const count = (k: string) => report.results.filter((r) => r.result === k).length;
  return `${report.ok ? 'CONFORMS' : 'DOES NOT CONFORM'}: ${count('pass')} pass, ${count('fail')} fail, ${count('not checked')} not checked, ${count('skipped')} skipped, ${count('allowed')} allowed`;
}

/** What the server offers of the contract's optional parts: paging, conditional requests, GET /api/summary. */
export function optionalParts(report: Report): string[] {
  const rows = (check: Result['check']) => report.results.filter((r) => r.check === check);
  const paging = rows('paging');
  const notPaged = paging.filter((r) => r.notOffered).map((r) => r.operation);
  const paged = paging.filter((r) => !r.notOffered && r.result !== 'skipped' && !r.reason).length;
  const conditional = rows('not modified');
  const noETag = conditional.filter((r) => r.notOffered).length;
  const withETag = conditional.filter((r) => r.result !== 'skipped').length;
  const summary = report.results.find((r) => r.operationId === 'getSummary' && r.check === 'answer');
  return [
    `paging: seen on ${paged} of ${paging.length} lists${notPaged.length ? `; not offered on ${notPaged.join(', ')}` : ''}`,
    `conditional requests (ETag, 304): on ${withETag} of ${conditional.length} calls${noETag ? `; no ETag on ${noETag}` : ''}`,
    `GET /api/summary: ${!summary ? 'not asked' : summary.notOffered ? 'not offered (404)' : 'offered'}`,
  ];
}

export function toOptional(report: Report): string {
  return ['Optional parts of the contract:', ...optionalParts(report).map((line) => `  ${line}`)].join('\n');
}

const MARK: Record<Cell, string> = {
  checked: 'ok',
  violations: 'x',
  allowed: 'a',
  'not offered': '-',
  'not seen': '.',
};

/** Operation × documented status: what this run saw and checked. */
export function toCoverageGrid(report: Report): string {
  const { statuses, operations, tally } = report.coverage;
  const w = Math.max(9, ...operations.map((o) => o.operation.length));
  const col = Math.max(4, ...statuses.map((s) => s.length + 1));
  const line = (name: string, cells: string[], extra: string) =>
    `${name.padEnd(w)}  ${cells.map((c) => c.padStart(col)).join('')}${extra ? `   ${extra}` : ''}`.trimEnd();
  const classes = Object.entries(tally)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cls, t]) => `${cls} ${t.seen}/${t.documented}`)
    .join(', ');
  const seen = Object.values(tally).reduce((n, t) => n + t.seen, 0);
  const documented = Object.values(tally).reduce((n, t) => n + t.documented, 0);
  const notOffered = Object.values(tally).reduce((n, t) => n + t.notOffered, 0);
  return [
    'Coverage: operation × documented status (ok seen and conforming, x seen with violations, a allowed, - not offered by this server, . not seen; blank: not documented)',
    line('operation', statuses, 'answered but not documented'),
    ...operations.map((o) =>
      line(
        o.operation,
        statuses.map((s) => (s in o.statuses ? MARK[o.statuses[s]] : '')),
        o.undocumented.join(', '),
      ),
    ),
    `${seen} of ${documented} documented statuses seen (${classes}); 5xx are never provoked${notOffered ? `; ${notOffered} not offered by this server` : ''}`,
  ].join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function toJunit(report: Report): string {
  const cases = report.results.map((r) => {
    const name = esc(caseName(r) + (r.check === 'answer' ? ' [answer]' : r.check === 'socket' ? ' [socket]' : ''));
    const first = r.violations[0] ? `${r.violations[0].path}: ${r.violations[0].message}` : '';
    const message = r.violations.length > 1 ? `${plural(r.violations.length, 'violation')}; worst: ${first}` : first;
    const body =
      r.result === 'fail'
        ? `<failure message="${esc(message)}">${esc(r.violations.map((v) => `${v.path}: ${v.message}`).join('\n'))}</failure>`
        : r.result === 'not checked'
          ? `<failure message="not checked">${esc(r.reason ?? '')}</failure>`
          : r.result === 'skipped' || r.result === 'allowed'
            ? `<skipped message="${esc(r.reason ?? '')}"/>`
            : '';
    return `  <testcase classname="conformance" name="${name}">${body}</testcase>`;
  });
  const failures = report.results.filter((r) => r.result === 'fail' || r.result === 'not checked').length;
  const properties = metaProperties(report.meta).map(
    ([name, value]) => `    <property name="${esc(name)}" value="${esc(value)}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="conformance" tests="${cases.length}" failures="${failures}">\n  <properties>\n${properties.join('\n')}\n  </properties>\n${cases.join('\n')}\n</testsuite>\n`;
}

function metaProperties(meta: Meta): [string, string][] {
  return [
    ['tool', meta.tool.name],
    ['tool.version', meta.tool.version],
    ...(['contract', 'asyncapi'] as const).flatMap((key): [string, string][] => [
      [`${key}.file`, meta[key].file],
      [`${key}.version`, meta[key].version],
      [`${key}.sha256`, meta[key].sha256],
    ]),
  ];
}
