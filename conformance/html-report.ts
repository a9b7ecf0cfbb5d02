// The report as one HTML file a person opens from a CI artefact: the verdict
// and counts, every check with its violations (failed first, open), the
// request behind each as a curl line with its credentials redacted, and the
// coverage grid as a table. Self-contained (inline CSS, no script, nothing
// fetched), light and dark, readable at 320 px. Every string that came from
// the server or the run is escaped: a hostile server writes the bodies.
import { optionalParts } from './report';
import type { Report } from './run';

type Result = Report['results'][number];
type Cell = Report['coverage']['operations'][number]['statuses'][string];

type Source = Report['meta']['contract'];
type Violation = Result['violations'][number];
const esc = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// The same case name the text table and JUnit use.
const caseName = (r: Result) => {
  const what = [r.check === 'answer' || r.check === 'socket' ? '' : r.check, r.detail ?? ''].filter(Boolean).join(': ');
  return `${r.operation}${what ? ` [${what}]` : ''}`;
};

/** Result kinds in the order the page lists them; failed first, and open. */
const GROUPS: { result: Result['result']; heading: string; symbol: string; open: boolean }[] = [
  { result: 'fail', heading: 'Failed', symbol: '✗', open: true },
  { result: 'not checked', heading: 'Not checked', symbol: '?', open: true },
  { result: 'allowed', heading: 'Allowed', symbol: '!', open: false },
  { result: 'skipped', heading: 'Skipped', symbol: '–', open: false },
  { result: 'pass', heading: 'Passed', symbol: '✓', open: false },
];
const slug = (result: string) => result.replace(/\s+/g, '-');

const CELLS: Record<Cell | 'not documented', { symbol: string; meaning: string }> = {
  checked: { symbol: '✓', meaning: 'seen, and every such answer conformed' },
  violations: { symbol: '✗', meaning: 'seen, and at least one such answer did not conform' },
  allowed: { symbol: '!', meaning: 'seen only where a known limit of the server was allowed' },
  'not offered': { symbol: '–', meaning: 'not seen: the server does not offer what would answer it' },
  'not seen': { symbol: '○', meaning: 'documented, not seen in this run' },
  'not documented': { symbol: '', meaning: 'the contract does not document this status for the operation' },
};

const SECRET_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization', 'x-api-key']);
const REDACTED = '<redacted>';

/** Cookie names stay (they say which session), values go; the password of a sign-in body too. */
function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'cookie')
    return value
      .split(';')
      .map((pair) => `${pair.split('=')[0].trim()}=${REDACTED}`)
      .join('; ');
  return SECRET_HEADERS.has(lower) ? REDACTED : value;
}
const redactBody = (body: string) =>
  body.replace(/("(?:password|secret|token)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`);

const shell = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl line that repeats the request, credentials redacted. */
export function toCurl(baseUrl: string, request: NonNullable<Result['request']>): string {
  const parts = ['curl -i'];
  if (request.method !== 'GET') parts.push(`-X ${request.method}`);
  parts.push(shell(baseUrl + request.path));
  for (const [name, value] of Object.entries(request.headers ?? {}))
    parts.push(`-H ${shell(`${name}: ${redactHeader(name, value)}`)}`);
  if (request.body !== undefined) parts.push(`--data-raw ${shell(redactBody(request.body))}`);
  return parts.join(' ');
}

const when = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return esc(iso);
  const stamp = d.toISOString();
  return `<time datetime="${stamp}">${stamp.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time>`;
};

const row = (term: string, value: string) => `<dt>${esc(term)}</dt><dd>${value}</dd>`;
const source = (s: Source) =>
  `${esc(s.file)}, version ${esc(s.version)}<br><span class="hash">SHA-256 <code>${esc(s.sha256)}</code></span>`;

function header(report: Report): string {
  const count = (k: Result['result']) => report.results.filter((r) => r.result === k).length;
  const mode = report.mode.write
    ? `write${report.mode.reachCustomers ? ', reaches customers' : ', reaches no customer'}`
    : 'read-only (no write request)';
  const byMethod = new Map<string, number>();
  for (const m of report.methodsSent) byMethod.set(m.split(' ')[0], (byMethod.get(m.split(' ')[0]) ?? 0) + 1);
  const sent = [...byMethod].map(([m, n]) => `${esc(m)} ${n}`).join(', ');
  const ran =
    report.startedAt || report.finishedAt
      ? [report.startedAt && `from ${when(report.startedAt)}`, report.finishedAt && `to ${when(report.finishedAt)}`]
          .filter(Boolean)
          .join(' ')
      : `report written ${when(new Date().toISOString())}`;
  const meta = report.meta;
  const counts = GROUPS.map(
    (g) =>
      `<li class="badge r-${slug(g.result)}"><span aria-hidden="true">${g.symbol}</span> <strong>${count(g.result)}</strong> ${esc(g.heading.toLowerCase())}</li>`,
  ).join('');
  return `<header>
<h1>Conformance report</h1>
<p class="verdict ${report.ok ? 'r-pass' : 'r-fail'}"><span aria-hidden="true">${report.ok ? '✓' : '✗'}</span> ${report.ok ? 'CONFORMS' : 'DOES NOT CONFORM'}</p>
<ul class="counts" aria-label="Counts">${counts}</ul>
<dl class="facts">
${row('Server', `<code>${esc(report.baseUrl)}</code>`)}
${row('Mode', esc(mode))}
${row('When', ran)}
${row('Requests sent', `${report.methodsSent.length}${sent ? ` (${sent})` : ''}`)}
${meta ? row('Tool', `${esc(meta.tool.name)} ${esc(meta.tool.version)}`) : ''}
${meta ? row('Contract', source(meta.contract)) : ''}
${meta ? row('AsyncAPI', source(meta.asyncapi)) : ''}
</dl>
<nav aria-label="Sections"><ul><li><a href="#checks">Checks</a></li><li><a href="#coverage">Coverage</a></li><li><a href="#optional">Optional parts</a></li></ul></nav>
</header>`;
}

function violationTable(violations: Violation[]): string {
  if (!violations.length) return '';
  const got = violations.some((v) => 'got' in v);
  return `<table class="violations"><caption>${esc(plural(violations.length, 'violation'))}, worst first</caption>
<thead><tr><th scope="col">Field path</th><th scope="col">Expected / what is wrong</th>${got ? '<th scope="col">Got</th>' : ''}</tr></thead>
<tbody>${violations
    .map(
      (v) =>
        `<tr><td><code>${esc(v.path)}</code>${v.keyword ? ` <span class="muted">(${esc(v.keyword)})</span>` : ''}</td><td>${esc(v.message)}</td>${got ? `<td><code>${esc((v as Violation & { got?: unknown }).got)}</code></td>` : ''}</tr>`,
    )
    .join('')}</tbody></table>`;
}

function check(report: Report, r: Result, open: boolean, symbol: string): string {
  const status =
    r.status !== undefined
      ? `${r.status}${r.expected !== undefined && r.expected !== r.status ? `, expected ${r.expected}` : ''}`
      : r.expected !== undefined
        ? `expected ${r.expected}`
        : '';
  const note =
    r.violations.length > 1
      ? plural(r.violations.length, 'violation')
      : r.violations[0]
        ? `${r.violations[0].path}: ${r.violations[0].message}`
        : (r.reason ?? '');
  const facts = [
    row('Operation', `<code>${esc(r.operation)}</code>${r.operationId ? ` (${esc(r.operationId)})` : ''}`),
    row('Check', esc(r.check)),
    r.detail ? row('Sent', esc(r.detail)) : '',
    r.status !== undefined ? row('Status', `${esc(r.status)}`) : '',
    r.expected !== undefined ? row('Expected status', `${esc(r.expected)}`) : '',
    r.reason ? row('Note', esc(r.reason)) : '',
    r.notOffered?.length ? row('Not offered', esc(r.notOffered.join(', '))) : '',
  ].join('');
  const request = r.request
    ? `<p class="label">Request (credentials redacted)</p><pre class="curl"><code>${esc(toCurl(report.baseUrl, r.request))}</code></pre>`
    : r.status !== undefined
      ? `<p class="muted">The request itself is not recorded in this report: ${esc(caseName(r))}.</p>`
      : '';
  return `<li><details data-result="${slug(r.result)}"${open ? ' open' : ''}><summary><span class="badge r-${slug(r.result)}"><span aria-hidden="true">${symbol}</span> ${esc(r.result)}</span> <span class="case">${esc(caseName(r))}</span>${status ? ` <span class="muted">(${esc(status)})</span>` : ''}${note ? ` <span class="note">— ${esc(note)}</span>` : ''}</summary>
<div class="body"><dl class="facts">${facts}</dl>${violationTable(r.violations)}${request}</div></details></li>`;
}

function checks(report: Report): string {
  const groups = GROUPS.map((g) => {
    const rows = (report.results as Result[]).filter((r) => r.result === g.result);
    if (!rows.length) return '';
    return `<h3 id="checks-${slug(g.result)}">${esc(g.heading)} (${rows.length})</h3>
<ol class="checks">${rows.map((r) => check(report, r, g.open, g.symbol)).join('\n')}</ol>`;
  });
  return `<section id="checks" aria-labelledby="checks-h"><h2 id="checks-h">Checks</h2>
<p class="muted">Failed and not-checked cases are open; the rest open on a click, Enter or Space.</p>
${groups.join('\n')}</section>`;
}

function coverage(report: Report): string {
  const { statuses, operations, tally } = report.coverage;
  const legend = (Object.keys(CELLS) as (keyof typeof CELLS)[])
    .map(
      (k) =>
        `<li><span class="cell c-${slug(k)}" aria-hidden="true">${CELLS[k].symbol || '&nbsp;'}</span> <strong>${esc(k)}</strong>: ${esc(CELLS[k].meaning)}</li>`,
    )
    .join('');
  const head = `<tr><th scope="col">Operation</th>${statuses.map((s) => `<th scope="col">${esc(s)}</th>`).join('')}<th scope="col">Answered but not documented</th></tr>`;
  const body = operations
    .map((o) => {
      const cells = statuses
        .map((s) => {
          const cell: keyof typeof CELLS = s in o.statuses ? o.statuses[s] : 'not documented';
          return `<td class="cell c-${slug(cell)}" data-cell="${esc(cell)}"><span aria-hidden="true">${CELLS[cell].symbol}</span><span class="sr">${esc(cell)}</span></td>`;
        })
        .join('');
      return `<tr><th scope="row">${esc(o.operation).replace(/\//g, '/<wbr>')}</th>${cells}<td class="extra">${o.undocumented.length ? esc(o.undocumented.join(', ')) : '<span class="muted">none</span>'}</td></tr>`;
    })
    .join('\n');
  const sum = (k: 'seen' | 'documented' | 'notOffered') => Object.values(tally).reduce((n, t) => n + t[k], 0);
  const classes = Object.entries(tally)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cls, t]) => `${cls} ${t.seen}/${t.documented}`)
    .join(', ');
  return `<section id="coverage" aria-labelledby="coverage-h"><h2 id="coverage-h">Coverage</h2>
<p>${sum('seen')} of ${sum('documented')} documented statuses seen (${esc(classes)}); 5xx are never provoked${sum('notOffered') ? `; ${sum('notOffered')} not offered by this server` : ''}.</p>
<ul class="legend" aria-label="Legend">${legend}</ul>
<p class="label" id="coverage-label">Operation × documented status: what this run saw and checked</p>
<div class="scroll" role="region" aria-labelledby="coverage-label" tabindex="0">
<table class="grid"><caption class="sr">Operation × documented status</caption>
<thead>${head}</thead>
<tbody>${body}</tbody></table></div></section>`;
}

/** What the server offers of the contract's optional parts, in the text report's words. */
function optional(report: Report): string {
  const items = optionalParts(report).map((line) => line[0].toUpperCase() + line.slice(1));
  return `<section id="optional" aria-labelledby="optional-h"><h2 id="optional-h">Optional parts of the contract</h2>
<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul></section>`;
}

export function toHtml(report: Report): string {
  const run = report as Report;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Conformance report: ${report.ok ? 'conforms' : 'does not conform'} — ${esc(report.baseUrl)}</title>
<style>${STYLE}</style>
</head>
<body>
${header(run)}
<main>
${checks(run)}
${coverage(run)}
${optional(run)}
</main>
</body>
</html>
`;
}

// Colours pass WCAG 2.1 AA (4.5:1 for text) in both schemes; a state is never told by colour alone.
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#57606a;--panel:#f6f8fa;--line:#d0d7de;--link:#0550ae;--focus:#0969da;
--pass-bg:#dafbe1;--pass-fg:#116329;--fail-bg:#ffebe9;--fail-fg:#a40e26;--allow-bg:#fff8c5;--allow-fg:#6f4400;
--todo-bg:#fbefff;--todo-fg:#6e3aa8;--skip-bg:#eaeef2;--skip-fg:#424a53}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--panel:#161b22;--line:#3d444d;--link:#79c0ff;--focus:#58a6ff;
--pass-bg:#12361f;--pass-fg:#7ee2a1;--fail-bg:#4c1418;--fail-fg:#ffb8b0;--allow-bg:#3d2e00;--allow-fg:#f2cc60;
--todo-bg:#33204d;--todo-fg:#dcc0ff;--skip-bg:#262c34;--skip-fg:#c9d1d9}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:75rem;padding:1rem;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line)}h3{font-size:1.1rem;margin:1.25rem 0 .5rem}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.muted{color:var(--muted)}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.verdict{display:inline-block;font-weight:700;font-size:1.2rem;padding:.25rem .75rem;border-radius:.375rem;margin:0 0 .75rem}
.r-pass{background:var(--pass-bg);color:var(--pass-fg)}.r-fail{background:var(--fail-bg);color:var(--fail-fg)}
.r-allowed{background:var(--allow-bg);color:var(--allow-fg)}.r-not-checked{background:var(--todo-bg);color:var(--todo-fg)}
.r-skipped{background:var(--skip-bg);color:var(--skip-fg)}
.counts,.legend,nav ul{list-style:none;padding:0;margin:0 0 .75rem;display:flex;flex-wrap:wrap;gap:.5rem}
.legend{display:block}.legend li{margin:.25rem 0}
.badge{display:inline-block;padding:0 .5rem;border-radius:1rem;white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.125rem 1rem;margin:0 0 .75rem}
dl.facts dt{font-weight:600}dl.facts dd{margin:0;min-width:0}
.hash code{word-break:break-all}
ol.checks{list-style:none;padding:0;margin:0}
ol.checks>li{margin:0 0 .375rem}
details{border:1px solid var(--line);border-radius:.375rem}
details[data-result=fail]{border-left:.375rem solid var(--fail-fg)}details[data-result=not-checked]{border-left:.375rem solid var(--todo-fg)}
summary{cursor:pointer;padding:.375rem .5rem;background:var(--panel);border-radius:.375rem}
details[open]>summary{border-bottom:1px solid var(--line);border-radius:.375rem .375rem 0 0}
.case{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.body{padding:.5rem .75rem}
table{border-collapse:collapse}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
thead th{background:var(--panel)}
table.violations{width:100%;table-layout:fixed;margin:0 0 .75rem}
table.violations th:first-child{width:35%}
.label{font-weight:600;margin:.5rem 0 .25rem}
pre.curl{margin:0;padding:.5rem;background:var(--panel);border:1px solid var(--line);border-radius:.375rem;white-space:pre-wrap;word-break:break-all;user-select:all}
.scroll{position:relative;overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:.375rem}
table.grid{font-size:.875rem;margin:0}
table.grid th[scope=row]{position:sticky;left:0;background:var(--bg);white-space:nowrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:400;overflow-wrap:normal}
table.grid thead th{white-space:nowrap;overflow-wrap:normal}table.grid thead th:last-child{white-space:normal;min-width:8rem}
table.grid td{text-align:center;min-width:2.25rem;white-space:nowrap}
table.grid td.extra{text-align:left}
@media (max-width:40rem){table.grid th[scope=row]{white-space:normal;overflow-wrap:break-word;min-width:8rem;max-width:8rem}}
.cell{font-weight:700}.legend .cell{display:inline-block;min-width:2rem;text-align:center;border:1px solid var(--line);border-radius:.25rem}
.c-checked{background:var(--pass-bg);color:var(--pass-fg)}.c-violations{background:var(--fail-bg);color:var(--fail-fg)}
.c-allowed{background:var(--allow-bg);color:var(--allow-fg)}.c-not-offered{background:var(--skip-bg);color:var(--skip-fg)}
.c-not-seen{color:var(--muted)}.c-not-documented{background:var(--panel)}
`;
