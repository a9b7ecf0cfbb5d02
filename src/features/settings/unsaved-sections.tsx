import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { UnsavedChangesDialog } from '../../lib/forms/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../lib/forms/use-unsaved-changes';

type Report = (id: string, dirty: boolean) => void;
const ReportContext = createContext<Report | null>(null);

/**
 * The settings screen holds several forms (follow-ups, the chatbot), and
 * react-router allows one navigation blocker at a time: each form says here
 * whether it has unsaved changes, and leaving asks once when any has.
 */
export function UnsavedSections({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<Readonly<Record<string, boolean>>>({});
  const report = useCallback<Report>(
    (id, value) => setDirty((current) => (current[id] === value ? current : { ...current, [id]: value })),
    [],
  );
  const { blocker } = useUnsavedChanges(Object.values(dirty).some(Boolean));
  return (
    <ReportContext.Provider value={report}>
      {children}
      <UnsavedChangesDialog blocker={blocker} />
    </ReportContext.Provider>
  );
}

/** Tells the settings screen whether the form `id` has unsaved changes (nothing outside UnsavedSections). */
export function useReportUnsaved(id: string, dirty: boolean) {
  const report = useContext(ReportContext);
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  // A form that goes away (reloaded with the stored values) leaves nothing unsaved behind.
  useEffect(() => () => report?.(id, false), [report, id]);
}
