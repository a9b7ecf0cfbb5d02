import { useState } from 'react';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { useImportProducts } from '../../api/generated/endpoints/products/products';
import type { ImportResult } from '../../api/generated/model/importResult';
import { serverMessage } from '../../api/mutator';
import { useToast } from '../../lib/toast/toast-context';

/** A picked CSV held in memory: the bytes sent, and their text to hand failed rows back from. */
export type PickedCsv = { file: File; text: string };
export type CompletedImport = { result: ImportResult; text: string };

export const isCsvFileName = (name: string): boolean => /\.csv$/i.test(name.trim());

/** Reads the file once, so what is uploaded and what failed rows are cut from are the same bytes. */
export async function readPickedCsv(file: File): Promise<PickedCsv> {
  const bytes = await file.arrayBuffer();
  return {
    file: new File([bytes], file.name, { type: file.type || 'text/csv', lastModified: file.lastModified }),
    text: new TextDecoder('utf-8').decode(bytes),
  };
}

/** The import dialog's state: the picked file, the call, its result, and the toast for each outcome. */
export function useImportProductsCsv() {
  // A double click uploads once.
  const once = useInFlight();
  const toast = useToast();
  const [picked, setPicked] = useState<PickedCsv | null>(null);
  const [completed, setCompleted] = useState<CompletedImport | null>(null);

  const importing = useImportProducts({
    mutation: {
      onSuccess: (result) => {
        toast({
          title: 'Import completed',
          description: `Imported: ${result.imported}, Updated: ${result.updated}, Failed: ${result.failed}`,
        });
      },
      onError: (error) => {
        toast({
          title: 'Import failed',
          description: serverMessage(error) ?? 'Failed to import products',
          variant: 'destructive',
        });
      },
    },
  });

  return {
    picked,
    completed,
    isImporting: importing.isPending,
    pick: (csv: PickedCsv | null) => {
      setPicked(csv);
      if (csv) setCompleted(null);
    },
    upload: () => {
      const source = picked;
      if (!source) return;
      once((settled) =>
        importing.mutate(
          { data: { file: source.file } },
          {
            onSettled: settled,
            onSuccess: (result) => {
              setCompleted({ result, text: source.text });
              // Imported: uploading again takes picking a file again.
              setPicked(null);
            },
          },
        ),
      );
    },
    reset: () => {
      setPicked(null);
      setCompleted(null);
      importing.reset();
    },
  };
}
