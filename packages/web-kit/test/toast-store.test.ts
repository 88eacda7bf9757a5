import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, DEFAULT_TOAST_DURATION, toastStore } from '../src/toast-store';

describe('toast store (R-WEB-TOASTS)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    const store = createToastStore();
    const first = store.show({ title: 'Eerste' });
    const second = store.show({ title: 'Tweede', variant: 'destructive' });
    expect(second).not.toBe(first);
    expect(store.getSnapshot()).toMatchObject({
      id: second,
      title: 'Tweede',
      variant: 'destructive',
    });
  });

  it('closes itself after 5000 ms by default', () => {
    const store = createToastStore();
    store.show({ title: 'Succesvol ingelogd', description: 'Welkom terug, Anna!' });
    expect(store.getSnapshot()?.variant).toBe('default');
    vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 1);
    expect(store.getSnapshot()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
  });

  it('gives a replacing toast its own full duration', () => {
    const store = createToastStore();
    store.show({ title: 'a' });
    vi.advanceTimersByTime(4000);
    store.show({ title: 'b' });
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()?.title).toBe('b');
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toBeNull();
  });

  it('honours a custom duration, and 0 keeps the toast open', () => {
    const store = createToastStore();
    store.show({ title: 'kort', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toBeNull();
    store.show({ title: 'blijft', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()?.title).toBe('blijft');
  });

  it('dismisses by id only the toast that is still shown', () => {
    const store = createToastStore();
    const old = store.show({ title: 'oud' });
    store.show({ title: 'nieuw' });
    store.dismiss(old);
    expect(store.getSnapshot()?.title).toBe('nieuw');
    store.dismiss();
    expect(store.getSnapshot()).toBeNull();
  });

  it('pauses the countdown and resumes with the time that was left', () => {
    const store = createToastStore(() => Date.now());
    store.show({ title: 'x' });
    vi.advanceTimersByTime(3000);
    store.pause();
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).not.toBeNull();
    store.resume();
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ title: 'x' });
    vi.advanceTimersByTime(DEFAULT_TOAST_DURATION);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ title: 'y' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is one store per page, whichever copy of web-kit asks for it', async () => {
    // Each remote bundles its own copy of web-kit: simulate that with two module instances.
    vi.resetModules();
    const first = await import('../src/toast-store');
    vi.resetModules();
    const second = await import('../src/toast-store');
    expect(second.toastStore).not.toBe(first.toastStore);
    expect(second.toastStore()).toBe(first.toastStore());
    expect(toastStore()).toBe(first.toastStore());
  });
});
