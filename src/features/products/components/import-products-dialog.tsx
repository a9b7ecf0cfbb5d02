import { useRef } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useToast } from '../../../lib/toast/toast-context';
import { SAMPLE_CSV_FILE_NAME, sampleCsv } from '../csv';
import { saveTextFile } from '../download';
import { isCsvFileName, readPickedCsv, useImportProductsCsv } from '../use-import-products-csv';
import { MAX_CSV_BYTES, formatLimit, isWithin } from '../../../lib/files/limits';
import { ImportResults } from './import-results';

const CSV_LIMIT = formatLimit(MAX_CSV_BYTES);

/**
 * 'Import Products from CSV': a sample to download, one .csv file of at most
 * MAX_CSV_BYTES (another file is refused with a toast before anything is sent),
 * the help on the columns, and the results once the import has run.
 */
export function ImportProductsDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const state = useImportProductsCsv();

  const close = () => {
    if (state.isImporting) return;
    state.reset();
    onClose();
  };

  const onPick = async (file: File | undefined) => {
    if (!file) return state.pick(null);
    if (!isCsvFileName(file.name)) {
      if (input.current) input.current.value = '';
      state.pick(null);
      toast({ title: 'Invalid file type', description: 'Please select a CSV file.', variant: 'destructive' });
      return;
    }
    if (!isWithin(file, MAX_CSV_BYTES)) {
      if (input.current) input.current.value = '';
      state.pick(null);
      toast({
        title: 'File too large',
        description: `Please select a CSV file of ${CSV_LIMIT} or less.`,
        variant: 'destructive',
      });
      return;
    }
    try {
      state.pick(await readPickedCsv(file));
    } catch {
      // e.g. the file was moved or changed on disk after it was picked
      if (input.current) input.current.value = '';
      state.pick(null);
      toast({
        title: 'Import failed',
        description: 'The file could not be read. Please select it again.',
        variant: 'destructive',
      });
    }
  };

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  return (
    <Dialog
      header="Import Products from CSV"
      visible={visible}
      onHide={close}
      onShow={clearInput}
      style={{ width: '40rem' }}
      breakpoints={{ '720px': '94vw' }}
      draggable={false}
      resizable={false}
      footer={
        <div className="dialog-actions">
          <Button
            type="button"
            label={state.completed ? 'Close' : 'Cancel'}
            outlined
            onClick={close}
            disabled={state.isImporting}
          />
          <Button
            type="button"
            label={state.isImporting ? 'Importing...' : 'Upload & Import'}
            icon={state.isImporting ? 'pi pi-spin pi-spinner' : 'pi pi-upload'}
            disabled={!state.picked || state.isImporting}
            onClick={() => {
              state.upload();
              clearInput();
            }}
          />
        </div>
      }
    >
      <div className="import-body">
        <div>
          <Button
            type="button"
            label="Download Sample CSV"
            icon="pi pi-download"
            outlined
            size="small"
            onClick={() => saveTextFile(sampleCsv(), SAMPLE_CSV_FILE_NAME)}
          />
        </div>

        <div className="field">
          <label htmlFor="import-csv-file">CSV file</label>
          <input
            ref={input}
            id="import-csv-file"
            className="file-input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-csv-help"
            disabled={state.isImporting}
            onChange={(event) => void onPick(event.target.files?.[0])}
          />
        </div>

        <div id="import-csv-help" className="import-help muted">
          <p>
            <strong>Required columns:</strong> Type, Name, Dimensions, Starting Price, Ending Price
          </p>
          <ul>
            <li>Type must be granite, marble, quartz or sink</li>
            <li>Dimensions as LxWxH in millimetres</li>
            <li>Color/Material holds the color for stones and the material for sinks</li>
            <li>Several installation images are separated by semicolons</li>
            <li>The file may be up to {CSV_LIMIT}</li>
          </ul>
        </div>

        {state.completed && <ImportResults completed={state.completed} />}
      </div>
    </Dialog>
  );
}
