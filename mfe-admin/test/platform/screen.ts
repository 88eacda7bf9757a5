// R-PLATFORM-SCREENS: the platform screens mounted at a path under their routes, with the API
// stubbed by method and path, as the organisation page's test stubs it.
import { act, createElement as h } from 'react';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { mountScreen } from '@nsa/web-kit/testing/screen';
import { PlatformLoginPage } from '../../src/platform/pages/PlatformLoginPage';
import { PlatformPage } from '../../src/platform/pages/PlatformPage';

// jsdom has <dialog> but not its methods; the browser's focus and Escape are the e2e tests' part.
const dialogProto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
dialogProto.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialogProto.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

export type Answer = { status: number; body?: unknown };
/** An answer, a list of answers (one per call, the last one repeated) or a function of the body. */
export type Stub = Answer | Answer[] | ((body: unknown) => Answer | Promise<Answer>);

export const ADMIN = { id: 7, email: 'beheer@platform.example.nl', name: 'Petra Platform' };
export const SESSION = { status: 200, body: { admin: ADMIN } };
export const NO_SESSION = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'Niet ingelogd.' },
};

/**
 * The platform screens at `path` while the API answers each `METHOD /path` of `api` (anything
 * else: 404); answers the container and the fetch mock.
 */
export async function platformAt(path: string, api: Record<string, Stub>) {
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  const queues = new Map(Object.entries(api).map(([key, stub]) => [key, stub]));
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`;
    const stub = queues.get(key);
    let answer: Answer;
    if (stub === undefined) answer = { status: 404, body: { code: 'NOT_FOUND', message: '-' } };
    else if (typeof stub === 'function')
      answer = await stub(init?.body === undefined ? undefined : JSON.parse(String(init.body)));
    else if (Array.isArray(stub)) answer = stub.length > 1 ? stub.shift()! : stub[0]!;
    else answer = stub;
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  const container = await mountScreen(
    h(
      Routes,
      null,
      h(Route, { path: '/platform/login', element: h(PlatformLoginPage) }),
      h(Route, { path: '/platform', element: h(PlatformPage) }),
    ),
    path,
  );
  await settle();
  return { container, fetch };
}

/** Lets the (stubbed) API's answers arrive and React render them. */
export async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise((r) => setTimeout(r, 5)));
}

/** Which page is shown: its data-page. */
export const pageShown = (el: HTMLElement) => el.querySelector('main')?.getAttribute('data-page');

export const byTestId = <E extends HTMLElement = HTMLElement>(el: ParentNode, id: string) =>
  el.querySelector<E>(`[data-testid="${id}"]`);
export const allByTestId = (el: ParentNode, id: string) => [
  ...el.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];

/** The open dialog (rendered where the page is). */
export const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');

/** Types `value` into an input or textarea the way a user does (React listens to input). */
export function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function click(element: HTMLElement) {
  act(() => element.click());
}

export async function submit(form: HTMLFormElement) {
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** The label and the messages a control is tied to. */
export function described(control: HTMLElement) {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return {
    label: document.querySelector(`label[for="${control.id}"]`)?.textContent,
    notes: ids.map((id) => document.getElementById(id)?.textContent),
  };
}

/** The calls made with `method` to `path`, with their JSON bodies. */
export function calls(fetch: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        ((init as RequestInit | undefined)?.method ?? 'GET') === method &&
        new URL(String(input), 'http://localhost').pathname === path,
    )
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return {
        body: body === undefined ? undefined : (JSON.parse(String(body)) as unknown),
        headers: new Headers((init as RequestInit | undefined)?.headers),
      };
    });
}
