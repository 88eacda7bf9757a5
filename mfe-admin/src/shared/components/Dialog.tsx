import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the dialog closes itself (Escape) so the owner can update its state. */
  onClose: () => void;
  /** While true, Escape does not close it (a save is running). */
  busy?: boolean;
  /** `wide` for a dialog that holds a table. */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/**
 * The native <dialog> opened with showModal(): the browser traps focus, makes
 * the rest of the page inert, closes on Escape and gives focus back on close.
 */
export function Dialog({
  open,
  title,
  onClose,
  busy = false,
  size = 'normal',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        // Older browsers do not restore focus themselves.
        if (opener instanceof HTMLElement && document.activeElement === document.body) {
          opener.focus();
        }
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={size === 'wide' ? 'adm-dialog adm-wide' : 'adm-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <h2 id={titleId} className="adm-dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
