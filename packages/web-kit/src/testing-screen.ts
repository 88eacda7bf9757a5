// Helpers for tests only: a screen mounted in jsdom the way an app mounts it.
import { act, createElement as h, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from './query-client';
import { ToastProvider } from './toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

/**
 * Mounts `screen` with a query client of its own and the notices, under a router at `path` when
 * one is given; answers the element it is in.
 */
export async function mountScreen(screen: ReactElement, path?: string): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement('div'));
  const mounted = (root = createRoot(container));
  const withToasts = h(ToastProvider, { closeLabel: '×', children: screen });
  await act(async () => {
    mounted.render(
      h(
        QueryClientProvider,
        { client: createQueryClient() },
        path === undefined ? withToasts : h(MemoryRouter, { initialEntries: [path] }, withToasts),
      ),
    );
  });
  return container;
}

/** Closes the notices a test left open (they live in one store per page) and unmounts. */
export function unmountScreen(): void {
  for (const close of document.querySelectorAll<HTMLElement>('[data-testid="toast"] button'))
    act(() => close.click());
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
}
