// The toast queue without React, so its rules (R-WEB-TOASTS: one toast at a time,
// 5000 ms by default) can be tested with fake timers.

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds until it closes by itself; 0 or Infinity keeps it open. */
  duration?: number;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export interface ToastStore {
  /** Shows a toast, replacing the one on screen; returns its id. */
  show(input: ToastInput): number;
  /** Closes the given toast, or whichever is shown when no id is given. */
  dismiss(id?: number): void;
  /** Stops the countdown (pointer over or focus in the toast) … */
  pause(): void;
  /** … and gives back the time that was left. */
  resume(): void;
  getSnapshot(): Toast | null;
  subscribe(listener: () => void): () => void;
}

export const DEFAULT_TOAST_DURATION = 5000;

export function createToastStore(now: () => number = Date.now): ToastStore {
  let current: Toast | null = null;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = 0;
  let startedAt = 0;
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const startTimer = (id: number, ms: number) => {
    stopTimer();
    if (!Number.isFinite(ms) || ms <= 0) return;
    remaining = ms;
    startedAt = now();
    timer = setTimeout(() => store.dismiss(id), ms);
  };

  const store: ToastStore = {
    show(input) {
      const id = nextId++;
      current = {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: input.duration ?? DEFAULT_TOAST_DURATION,
      };
      startTimer(id, current.duration);
      notify();
      return id;
    },
    dismiss(id) {
      if (!current || (id !== undefined && id !== current.id)) return;
      stopTimer();
      current = null;
      notify();
    },
    pause() {
      if (timer === undefined) return;
      stopTimer();
      remaining = Math.max(0, remaining - (now() - startedAt));
    },
    resume() {
      if (!current || timer !== undefined) return;
      if (!Number.isFinite(current.duration) || current.duration <= 0) return;
      startTimer(current.id, Math.max(remaining, 1));
    },
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

// web-kit is bundled into every app rather than shared through Module
// Federation, so each app has its own copy of this module. The store lives on
// globalThis under a registered symbol so that the shell (which renders the
// one viewport) and every remote (which call useToast) use the same queue.
// Sharing @nsa/web-kit as an MF singleton would do the same, but would ship
// all of web-kit as one untreeshaken shared chunk to every page and tie each
// remote to whatever web-kit version the shell happened to load first; this
// costs one global and a versioned key (bump it if ToastStore changes shape).
const STORE_KEY = Symbol.for('@nsa/web-kit/toast-store@1');

export function toastStore(): ToastStore {
  const scope = globalThis as { [STORE_KEY]?: ToastStore };
  return (scope[STORE_KEY] ??= createToastStore());
}
