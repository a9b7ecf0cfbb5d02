// The coverage grid: for every operation, each status code the contract
// documents, and whether this run saw an answer with it and whether those
// answers conformed. Statuses the server answered without the contract
// documenting them are listed beside. A status of an optional call or
// feature the server does not offer (GET /api/summary answered 404, no ETag
// so no 304, a list that does not page so no 400 for a cursor) is marked
// "not offered" when nothing else saw it.
import type { OpenApiContract } from './contract';
import type { Cell, Coverage, CoverageRow, Result, Tally } from './shared';

const order = (a: string, b: string) => (a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b));

export function buildCoverage(contract: OpenApiContract, results: Result[]): Coverage {
  const statuses = [...new Set(contract.operations.flatMap((op) => Object.keys(op.responses)))].sort(order);
  const tally: Record<string, Tally> = {};
  const operations = contract.operations.map((op) => {
    const row: CoverageRow = { operationId: op.id, operation: op.label, statuses: {}, undocumented: [] };
    for (const key of Object.keys(op.responses).sort(order)) row.statuses[key] = 'not seen';
    for (const r of results) {
      if (r.operationId !== op.id) continue;
      for (const key of r.notOffered ?? []) if (row.statuses[key] === 'not seen') row.statuses[key] = 'not offered';
      if (r.status === undefined || r.result === 'skipped') continue;
      const key = [String(r.status), `${String(r.status)[0]}XX`, 'default'].find((k) => k in op.responses);
      if (key === undefined) {
        if (!row.undocumented.includes(r.status)) row.undocumented.push(r.status);
        continue;
      }
      const cell: Cell =
        r.result === 'fail' || r.result === 'not checked'
          ? 'violations'
          : r.result === 'allowed'
            ? 'allowed'
            : 'checked';
      const was = row.statuses[key];
      // Any answer with violations marks the cell; else one that conformed; else an allowed one.
      if (
        was === 'not seen' ||
        was === 'not offered' ||
        cell === 'violations' ||
        (cell === 'checked' && was === 'allowed')
      )
        row.statuses[key] = cell;
    }
    for (const [key, cell] of Object.entries(row.statuses)) {
      const cls = /^\d/.test(key) ? `${key[0]}xx` : key;
      tally[cls] ??= { documented: 0, seen: 0, notOffered: 0 };
      tally[cls].documented++;
      if (cell === 'not offered') tally[cls].notOffered++;
      else if (cell !== 'not seen') tally[cls].seen++;
    }
    row.undocumented.sort((a, b) => a - b);
    return row;
  });
  return { statuses, operations, tally };
}
