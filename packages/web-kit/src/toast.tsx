import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
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

/** The polite region for ordinary toasts and the assertive one for destructive toasts. */
function ToastRegions({ toast, closeLabel }: { toast: Toast | null; closeLabel: string }) {
  const destructive = toast?.variant === 'destructive';
  return (
    <div className="toast-viewport">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !destructive ? (
          <ToastCard key={toast.id} toast={toast} closeLabel={closeLabel} />
        ) : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast && destructive ? (
          <ToastCard key={toast.id} toast={toast} closeLabel={closeLabel} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * How long the regions put into a dialog stay empty before the toast goes in:
 * a screen reader announces a change to a live region it already knows, not
 * a region that arrives with its content.
 */
const DIALOG_REGION_DELAY_MS = 100;

function DialogToastRegions({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DIALOG_REGION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return <ToastRegions toast={ready ? toast : null} closeLabel={closeLabel} />;
}

/**
 * Both live regions stay in the page even when empty: screen readers only
 * announce content added to a region they already know. Destructive toasts
 * go to the alert region, everything else to the polite status region.
 *
 * A toast raised while a modal dialog is open is shown in regions inside that
 * dialog instead, so that it lies above the backdrop, can be closed and is
 * announced (everything outside a modal dialog is inert). Those regions exist
 * only while such a toast does; when the dialog closes first, the toast moves
 * to the page's own regions.
 */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const store = toastStore();
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const host = useToastHost();
  const inDialog = current !== null && host !== null;
  return (
    <>
      <ToastRegions toast={inDialog ? null : current} closeLabel={closeLabel} />
      {inDialog
        ? createPortal(<DialogToastRegions toast={current} closeLabel={closeLabel} />, host)
        : null}
    </>
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
