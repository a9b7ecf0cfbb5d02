import { useMemo } from 'react';
import { Button } from 'primereact/button';
import { isoDay } from '../../../lib/format/date';
import { failedRowsCsv } from '../csv';
import { saveTextFile } from '../download';
import type { CompletedImport } from '../use-import-products-csv';

/** The import results panel: counts, a scrollable error list, and the failed rows as a CSV to fix and re-import. */
export function ImportResults({ completed }: { completed: CompletedImport }) {
  const { result, text } = completed;
  const failedRows = useMemo(() => failedRowsCsv(text, result.errors), [text, result.errors]);

  return (
    <section className="import-results" aria-labelledby="import-results-title">
      <h3 id="import-results-title">Import Results</h3>
      <dl className="import-counts">
        <div>
          <dt>Imported</dt>
          <dd>{result.imported}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{result.updated}</dd>
        </div>
        <div className={result.failed > 0 ? 'import-count-failed' : undefined}>
          <dt>Failed</dt>
          <dd>{result.failed}</dd>
        </div>
      </dl>

      {result.errors.length > 0 && (
        <>
          <h4 id="import-errors-title">Errors</h4>
          {/* Focusable so the list scrolls with the keyboard. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
          <ul className="import-errors" tabIndex={0} aria-labelledby="import-errors-title">
            {result.errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </>
      )}

      {failedRows && (
        <div className="failed-rows">
          <p className="muted">
            Fix the failed rows in this file and import it again; its last column says what was wrong.
          </p>
          <Button
            type="button"
            label={`Download Failed Rows (${failedRows.rows})`}
            icon="pi pi-download"
            severity="danger"
            outlined
            size="small"
            onClick={() => saveTextFile(failedRows.csv, `products-import-failed-rows-${isoDay()}.csv`)}
          />
        </div>
      )}
    </section>
  );
}
