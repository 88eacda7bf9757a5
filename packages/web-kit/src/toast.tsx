import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createToastHostWatcher, type ToastHostWatcher } from './toast-host';
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

let hostWatcher: ToastHostWatcher | undefined;
const noHost = () => () => undefined;

/** The open modal dialog the toasts must be rendered in, or null (see toast-host.ts). */
function useToastHost(): HTMLDialogElement | null {
  const watcher =
    typeof document === 'undefined' || typeof MutationObserver === 'undefined'
      ? undefined
      : (hostWatcher ??= createToastHostWatcher(document));
  return useSyncExternalStore(
    watcher ? watcher.subscribe : noHost,
    watcher ? watcher.getSnapshot : () => null,
    () => null,
  );
}

/**
 * Both live regions stay in the page even when empty: screen readers only
 * announce content added to a region they already know. Destructive toasts
 * go to the alert region, everything else to the polite status region.
 *
 * While a modal dialog is open the regions are rendered inside it, so that a
 * toast shows above the dialog's backdrop, can be closed, and is announced
 * (everything outside a modal dialog is inert). They move when the dialog
 * opens, before the toast it may raise, and come back when it closes.
 */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const store = toastStore();
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const host = useToastHost();
  const destructive = current?.variant === 'destructive';
  const viewport = (
    <div className="toast-viewport" data-testid="toast-viewport">
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
  return host ? createPortal(viewport, host) : viewport;
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
