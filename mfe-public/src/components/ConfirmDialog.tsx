import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  /** The action is running: the buttons wait and Escape does not close the dialog. */
  busy: boolean;
  /** Paints the confirm button as a destructive action. */
  destructive?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * A question before an action that cannot be undone, as the native <dialog> the sign-up form
 * uses: opened with showModal(), so the browser traps the focus, makes the page behind it inert
 * and closes it on Escape. The focus starts on "go back", the choice that changes nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  destructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    // Not closed on unmount: removing the element takes it out of the top layer, and a close()
    // here would report a close that nobody asked for (React runs effects twice in development).
    return () => {
      // Older browsers do not give the focus back themselves; the opener may be gone when
      // the action changed the page, and the page then moves the focus itself.
      if (
        opener instanceof HTMLElement &&
        opener.isConnected &&
        document.activeElement === document.body
      ) {
        opener.focus();
      }
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="pub-confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-busy={busy || undefined}
      closedby={busy ? 'none' : 'closerequest'}
      onCancel={(event) => {
        if (busyRef.current) event.preventDefault();
      }}
      onClose={() => {
        // A browser may refuse to let a cancel be prevented; reopen then.
        if (busyRef.current) dialogRef.current?.showModal();
        else onClose();
      }}
    >
      <div className="pub-dialog-body">
        <h2 id={titleId} className="pub-dialog-title">
          {title}
        </h2>
        <div id={textId} className="pub-confirm-text">
          {children}
        </div>
        <div className="actions pub-dialog-actions">
          <button
            ref={cancelRef}
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => dialogRef.current?.close()}
          >
            {cancelLabel}
          </button>
          {/* aria-disabled, not disabled: the button keeps the focus while the action runs. */}
          <button
            type="button"
            className={`button${destructive ? ' pub-danger' : ''}`}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busyRef.current) onConfirm();
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
