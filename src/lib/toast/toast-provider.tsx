import { useCallback, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { ToastContext, type ToastInput } from './toast-context';

export const TOAST_DURATION_MS = 5000;

/** The app's one toast region. Only one toast is visible at a time: a new one replaces the last. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const show = useCallback((toast: ToastInput) => {
    ref.current?.replace({
      severity: toast.variant === 'destructive' ? 'error' : 'info',
      summary: toast.title,
      detail: toast.description,
      life: toast.duration ?? TOAST_DURATION_MS,
    });
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toast ref={ref} position="bottom-right" />
    </ToastContext.Provider>
  );
}
