import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { toastStore, type Toast, type ToastInput } from './toast-store';

export interface ToastApi {
  toast(input: ToastInput): number;
  dismiss(id?: number): void;
}

/** Shows toasts from any app: shell and remotes reach the same store (see toast-store.ts). */
export function useToast(): ToastApi {
  return useMemo(() => {
    const store = toastStore();
    return { toast: (input) => store.show(input), dismiss: (id) => store.dismiss(id) };
  }, []);
}

function ToastCard({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const store = toastStore();
  return (
    <div
      className={`toast toast-${toast.variant}`}
      data-testid="toast"
      data-variant={toast.variant}
      onPointerEnter={store.pause}
      onPointerLeave={store.resume}
      onFocus={store.pause}
      onBlur={store.resume}
    >
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={closeLabel}
        onClick={() => store.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Both live regions stay in the page even when empty: screen readers only
 * announce content added to a region they already know. Destructive toasts
 * go to the alert region, everything else to the polite status region.
 */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const store = toastStore();
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const destructive = current?.variant === 'destructive';
  return (
    <div className="toast-viewport">
      <div role="status" aria-live="polite" aria-atomic="true">
        {current && !destructive ? (
          <ToastCard key={current.id} toast={current} closeLabel={closeLabel} />
        ) : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {current && destructive ? (
          <ToastCard key={current.id} toast={current} closeLabel={closeLabel} />
        ) : null}
      </div>
    </div>
  );
}

/** Renders the app and the one toast viewport; only the shell (or a standalone page) mounts it. */
export function ToastProvider({
  children,
  closeLabel,
}: {
  children: ReactNode;
  closeLabel: string;
}) {
  return (
    <>
      {children}
      <ToastViewport closeLabel={closeLabel} />
    </>
  );
}
