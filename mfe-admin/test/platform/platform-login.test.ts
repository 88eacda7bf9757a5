// @vitest-environment jsdom
// R-PLATFORM-SCREENS: /platform/login takes a platform administrator's email and password, posts
// them and goes on to /platform; a refusal is the server's message, a 400's messages are by their
// fields; someone already in a platform session goes straight to /platform.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { unmountScreen } from '@nsa/web-kit/testing/screen';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';
import {
  ADMIN,
  byTestId,
  calls,
  described,
  NO_SESSION,
  pageShown,
  platformAt,
  SESSION,
  settle,
  submit,
  type,
  type Answer,
} from './screen';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LOGIN = '/api/platform/login';
const field = (el: HTMLElement, id: string) => byTestId<HTMLInputElement>(el, id)!;

async function logIn(el: HTMLElement, email: string, password: string) {
  type(field(el, 'platform-login-email'), email);
  type(field(el, 'platform-login-password'), password);
  await submit(byTestId<HTMLFormElement>(el, 'platform-login-form')!);
}

describe('the platform login (R-PLATFORM-SCREENS)', () => {
  it('shows a form titled for platform administration, with labelled fields', async () => {
    const { container } = await platformAt('/platform/login', {
      'GET /api/platform/session': NO_SESSION,
    });
    expect(pageShown(container)).toBe('platform-login');
    expect(container.querySelector('h1')?.textContent).toBe(nl.platform.loginTitle);
    expect(described(field(container, 'platform-login-email')).label).toBe(nl.platform.email);
    expect(described(field(container, 'platform-login-password')).label).toBe(nl.platform.password);
    expect(field(container, 'platform-login-password').type).toBe('password');
    expect(byTestId(container, 'platform-login-submit')?.textContent).toBe(nl.platform.login);
  });

  it('posts the email and password, busy meanwhile, and then goes to /platform', async () => {
    let answer!: (value: Answer) => void;
    const { container, fetch } = await platformAt('/platform/login', {
      'GET /api/platform/session': NO_SESSION,
      [`POST ${LOGIN}`]: () => new Promise((resolve) => (answer = resolve)),
      'GET /api/platform/organisations': { status: 200, body: [] },
    });
    await logIn(container, 'beheer@platform.example.nl', 'geheim wachtwoord');

    expect(calls(fetch, 'POST', LOGIN).map((c) => c.body)).toEqual([
      { email: 'beheer@platform.example.nl', password: 'geheim wachtwoord' },
    ]);
    const button = byTestId<HTMLButtonElement>(container, 'platform-login-submit')!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe(nl.platform.loggingIn);

    answer({ status: 200, body: { admin: ADMIN } });
    await settle();
    expect(pageShown(container)).toBe('platform');
    expect(byTestId(container, 'platform-admin')?.textContent).toBe(`Ingelogd als ${ADMIN.name}`);
    // The login's answer is the session: it is not asked for again.
    expect(calls(fetch, 'GET', '/api/platform/session')).toHaveLength(1);
  });

  it('shows the server’s message for a wrong address or password (401) and stays', async () => {
    const { container } = await platformAt('/platform/login', {
      'GET /api/platform/session': NO_SESSION,
      [`POST ${LOGIN}`]: {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Onjuist e-mailadres of wachtwoord.' },
      },
    });
    await logIn(container, 'beheer@platform.example.nl', 'fout');
    const error = byTestId(container, 'platform-login-error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Onjuist e-mailadres of wachtwoord.');
    expect(pageShown(container)).toBe('platform-login');
    expect(byTestId<HTMLButtonElement>(container, 'platform-login-submit')!.disabled).toBe(false);
  });

  it("shows a 400's messages by their fields", async () => {
    const { container } = await platformAt('/platform/login', {
      'GET /api/platform/session': NO_SESSION,
      [`POST ${LOGIN}`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'De invoer is ongeldig.',
          fields: { email: 'Dit adres wordt niet geaccepteerd' },
        },
      },
    });
    await logIn(container, 'beheer@platform.example.nl', 'geheim');
    const email = field(container, 'platform-login-email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(described(email).notes).toEqual(['Dit adres wordt niet geaccepteerd']);
    expect(byTestId(container, 'platform-login-error')?.textContent).toBe(nl.platform.loginFailed);
  });

  it('checks the fields before sending', async () => {
    const { container, fetch } = await platformAt('/platform/login', {
      'GET /api/platform/session': NO_SESSION,
    });
    await logIn(container, 'geen-adres', '');
    expect(calls(fetch, 'POST', LOGIN)).toHaveLength(0);
    expect(field(container, 'platform-login-email').getAttribute('aria-invalid')).toBe('true');
    expect(field(container, 'platform-login-password').getAttribute('aria-invalid')).toBe('true');
  });

  it('goes straight to /platform when already in a platform session', async () => {
    const { container } = await platformAt('/platform/login', {
      'GET /api/platform/session': SESSION,
      'GET /api/platform/organisations': { status: 200, body: [] },
    });
    expect(pageShown(container)).toBe('platform');
    expect(byTestId(container, 'platform-login-form')).toBeNull();
  });
});
