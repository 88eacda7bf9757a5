// @vitest-environment jsdom
// The confirmations that say what an action will do before it is done (R-PRIVACY-SCREEN,
// R-SCHOOL-ROTATE, R-REVIEW-SCREEN, R-REVIEW-BULK-SCREEN): one ConsequenceForm under all four.
import { act, createElement as h, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsequenceForm } from '../../src/shared/components/ConsequenceDialog';
import { EraseDialog } from '../../src/privacy/components/EraseDialog';
import { BulkConfirm } from '../../src/registrations/components/BulkConfirm';
import { RejectDialog } from '../../src/registrations/components/ReviewDialogs';
import { NAMESPACE } from '../../src/namespace';
import nl from '../../src/i18n/nl.json';
import { adminRegistration } from '../registrations/fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its methods; the browser's focus and Escape are the e2e tests' part.
const dialogProto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
dialogProto.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialogProto.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { nl: { [NAMESPACE]: nl } },
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    lng: 'nl',
    interpolation: { escapeValue: false },
  });
});

let root: Root | undefined;
async function mount(element: ReactElement): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(h(I18nextProvider, { i18n }, element)));
  return container;
}
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const nlText = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
const submit = (form: HTMLFormElement) =>
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
const buttons = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => b.textContent ?? '');

const formProps = {
  consequences: ['De oude link werkt niet meer.', 'Geprinte QR-codes werken niet meer.'],
  consequencesTestId: 'summary',
  confirmLabel: 'Doen',
  busyLabel: 'Bezig…',
  testId: 'confirm',
};

describe('ConsequenceForm', () => {
  it('says the consequences before the fields and the buttons, and confirms on submit', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const el = await mount(
      h(
        ConsequenceForm,
        { ...formProps, lead: h('p', null, 'Voor a@b.nl'), busy: false, onConfirm, onCancel },
        h('textarea', { name: 'reason' }),
      ),
    );
    const form = el.querySelector('form')!;
    expect([...form.children].map((c) => c.tagName)).toEqual(['P', 'UL', 'TEXTAREA', 'DIV']);
    expect(
      [...el.querySelectorAll('[data-testid="summary"] li')].map((li) => li.textContent),
    ).toEqual(formProps.consequences);
    const confirm = el.querySelector<HTMLButtonElement>('[data-testid="confirm"]')!;
    expect(confirm.type).toBe('submit');
    expect(confirm.className).toBe('button adm-danger');
    expect(buttons(el)).toEqual(['Doen', nlText('common.cancel')]);

    await submit(form);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => el.querySelectorAll('button')[1]!.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while busy: both buttons disabled, the busy label, and a second submit sends nothing', async () => {
    const onConfirm = vi.fn();
    const el = await mount(
      h(ConsequenceForm, { ...formProps, busy: true, onConfirm, onCancel: () => {} }),
    );
    const [confirm, cancel] = [...el.querySelectorAll('button')];
    expect(confirm!.disabled).toBe(true);
    expect(confirm!.getAttribute('aria-busy')).toBe('true');
    expect(confirm!.textContent).toBe('Bezig…');
    expect(cancel!.disabled).toBe(true);
    await submit(el.querySelector('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offers only Cancel when there is nothing to confirm, and shows a failure above the buttons', async () => {
    const onConfirm = vi.fn();
    const el = await mount(
      h(ConsequenceForm, {
        ...formProps,
        busy: false,
        canConfirm: false,
        error: 'Mislukt',
        errorTestId: 'failure',
        tone: '',
        onConfirm,
        onCancel: () => {},
      }),
    );
    expect(buttons(el)).toEqual([nlText('common.cancel')]);
    const failure = el.querySelector('[data-testid="failure"]')!;
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.nextElementSibling!.className).toBe('adm-form-actions');
    await submit(el.querySelector('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('the confirmations built on it', () => {
  it('erase: names the address, lists what it does, and erases with the danger button', async () => {
    const onConfirm = vi.fn();
    const el = await mount(
      h(EraseDialog, { email: 'ouder@example.nl', busy: false, onConfirm, onClose: () => {} }),
    );
    const dialog = el.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe(nlText('privacy.eraseTitle'));
    expect(dialog.querySelector('[data-testid="privacy-erase-email"]')!.textContent).toBe(
      'ouder@example.nl',
    );
    expect(
      [...dialog.querySelectorAll('.adm-consequences li')].map((li) => li.textContent),
    ).toEqual([
      nlText('privacy.eraseSignups'),
      nlText('privacy.eraseEverywhere'),
      nlText('privacy.eraseFinal'),
    ]);
    const confirm = dialog.querySelector<HTMLButtonElement>(
      '[data-testid="privacy-erase-confirm"]',
    )!;
    expect(confirm.textContent).toBe(nlText('privacy.eraseConfirm'));
    expect(confirm.className).toBe('button adm-danger');
    act(() => confirm.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('bulk reject: sends the ids with the reason typed and the email choice, and shows a failure', async () => {
    const onConfirm = vi.fn();
    const rows = [adminRegistration({ id: 4 }), adminRegistration({ id: 5 })];
    const el = await mount(
      h(BulkConfirm, {
        action: 'reject',
        rows,
        busy: false,
        error: 'Het lukte niet',
        onConfirm,
        onCancel: () => {},
      }),
    );
    expect(el.querySelector('[data-testid="bulk-will"]')).not.toBeNull();
    expect(el.querySelector('[data-testid="bulk-error"]')!.textContent).toBe('Het lukte niet');
    const send = el.querySelector<HTMLButtonElement>('[data-testid="bulk-send"]')!;
    expect(send.className).toBe('button adm-danger');
    const reason = el.querySelector<HTMLTextAreaElement>('textarea[name="reason"]')!;
    expect(el.querySelector(`label[for="${reason.id}"]`)!.textContent).toBe(
      nlText('registrations.reason'),
    );
    act(() => {
      // React listens to the native input event; set the value the way typing does.
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
        reason,
        'Vol',
      );
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => el.querySelector<HTMLInputElement>('input[name="sendEmail"]')!.click());
    act(() => send.click());
    expect(onConfirm).toHaveBeenCalledWith([4, 5], { sendEmail: false, reason: 'Vol' });
  });

  it('reject one: the summary, the reason field and the email choice, on by default', async () => {
    const onConfirm = vi.fn();
    const r = adminRegistration({ id: 9 });
    const el = await mount(
      h(RejectDialog, { registration: r, busy: false, onConfirm, onClose: () => {} }),
    );
    const form = el.querySelector('[data-testid="reject-form"]') as HTMLFormElement;
    expect(form.querySelector('.adm-review-summary')).not.toBeNull();
    expect(form.querySelector<HTMLInputElement>('input[name="sendEmail"]')!.checked).toBe(true);
    expect(buttons(form)).toEqual([nlText('registrations.reject'), nlText('common.cancel')]);
    await submit(form);
    expect(onConfirm).toHaveBeenCalledWith(r, { sendEmail: true, reason: '' });
  });
});
