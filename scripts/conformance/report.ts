// The table a developer reads and the JUnit XML a CI system reads.
import type { Report } from './run';

export function toTable(report: Report): string {
  const rows = report.results.map((r) => [
    `${r.operation}${r.check === 'answer' || r.check === 'socket' ? '' : ` [${r.check}]`}`,
    r.result + (r.status ? ` (${r.status})` : ''),
    r.violations[0] ? `${r.violations[0].path}: ${r.violations[0].message}` : (r.reason ?? ''),
    r.violations.length > 1 ? `+${r.violations.length - 1}` : '',
  ]);
  const head = ['operation', 'result', 'first violation / note', 'others'];
  const w = head.map((h, i) => Math.min(70, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(w[i])).join('  ');
  const count = (k: string) => report.results.filter((r) => r.result === k).length;
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...rows.map(line), '',
    `${report.ok ? 'CONFORMS' : 'DOES NOT CONFORM'}: ${count('pass')} pass, ${count('fail')} fail, ${count('not checked')} not checked, ${count('skipped')} skipped, ${count('allowed')} allowed`].join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function toJunit(report: Report): string {
  const cases = report.results.map((r) => {
    const name = esc(`${r.operation} [${r.check}]`);
    const body =
      r.result === 'fail' ? `<failure message="${esc(r.violations[0]?.message ?? '')}">${esc(r.violations.map((v) => `${v.path}: ${v.message}`).join('\n'))}</failure>`
      : r.result === 'not checked' ? `<failure message="not checked">${esc(r.reason ?? '')}</failure>`
      : r.result === 'skipped' || r.result === 'allowed' ? `<skipped message="${esc(r.reason ?? '')}"/>` : '';
    return `  <testcase classname="conformance" name="${name}">${body}</testcase>`;
  });
  const failures = report.results.filter((r) => r.result === 'fail' || r.result === 'not checked').length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="conformance" tests="${cases.length}" failures="${failures}">\n${cases.join('\n')}\n</testsuite>\n`;
}
