import { useMutation } from '@tanstack/react-query';
import { exportProducts } from '../../api/generated/endpoints/products/products';
import { isoDay } from '../../lib/format/date';
import { useToast } from '../../lib/toast/toast-context';
import { saveTextFile } from './download';

/** Export CSV: GET /api/products/export saved as products-export-{date}.csv, with a toast either way. */
export function useExportProductsCsv() {
  const toast = useToast();
  // A mutation, not a query: it runs on a click, is never cached, and a 401 ends the session like any other call.
  const exporting = useMutation({
    mutationFn: () => exportProducts(),
    onSuccess: (csv) => {
      saveTextFile(csv ?? '', `products-export-${isoDay()}.csv`);
      toast({ title: 'Export successful', description: 'Products have been exported to CSV.' });
    },
    onError: () => {
      toast({
        title: 'Export failed',
        description: 'Failed to export products. Please try again.',
        variant: 'destructive',
      });
    },
  });
  return { exportCsv: () => exporting.mutate(), isExporting: exporting.isPending };
}
