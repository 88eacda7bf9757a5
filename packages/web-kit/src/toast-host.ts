// Where a toast is shown. A modal <dialog> sits in the browser's top layer
// above its ::backdrop and makes the rest of the page inert: a toast outside
// it is greyed out under the backdrop, cannot be clicked and is hidden from
// screen readers. So a toast raised while a modal dialog is open is shown
// inside the topmost one (see ToastViewport); otherwise in the page.

/** What choosing the host needs of a <dialog> element. */
export interface DialogLike {
  open: boolean;
  isConnected: boolean;
  matches(selector: string): boolean;
}

/** An open dialog in the page that was opened with showModal(). */
export function isOpenModal(dialog: DialogLike): boolean {
  if (!dialog.open || !dialog.isConnected) return false;
  try {
    return dialog.matches(':modal');
  } catch {
    // A browser without :modal: an open dialog is taken to be modal.
    return true;
  }
}

/**
 * The open modal dialogs, the one opened last at the end: those already
 * known keep their order (the top layer's order is the opening order) and
 * newly opened ones follow in document order.
 */
export function modalStack<D extends DialogLike>(
  previous: readonly D[],
  dialogs: Iterable<D>,
): D[] {
  const open = Array.from(dialogs).filter(isOpenModal);
  return [
    ...previous.filter((dialog) => open.includes(dialog)),
    ...open.filter((dialog) => !previous.includes(dialog)),
  ];
}

export interface ToastHostWatcher {
  subscribe(listener: () => void): () => void;
  /** The topmost open modal dialog, or null when none is open. */
  getSnapshot(): HTMLDialogElement | null;
}

/** Follows dialogs opening and closing (their `open` attribute) and being added or removed. */
export function createToastHostWatcher(doc: Document): ToastHostWatcher {
  let stack: HTMLDialogElement[] = [];
  return {
    subscribe(listener) {
      const observer = new MutationObserver(listener);
      observer.observe(doc.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['open'],
      });
      return () => observer.disconnect();
    },
    getSnapshot() {
      stack = modalStack(stack, doc.querySelectorAll('dialog'));
      return stack.at(-1) ?? null;
    },
  };
}
