import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastViewport } from '../src/toast';
import { isOpenModal, modalStack, type DialogLike } from '../src/toast-host';

function dialog(name: string, state: Partial<DialogLike> & { modal?: boolean } = {}) {
  const { modal = true, ...rest } = state;
  return {
    name,
    open: true,
    isConnected: true,
    matches: (selector: string) => selector === ':modal' && modal,
    ...rest,
  };
}

describe('where toasts render while a dialog is open', () => {
  it('counts only open, connected dialogs shown with showModal()', () => {
    expect(isOpenModal(dialog('modal'))).toBe(true);
    expect(isOpenModal(dialog('closed', { open: false }))).toBe(false);
    expect(isOpenModal(dialog('removed', { isConnected: false }))).toBe(false);
    expect(isOpenModal(dialog('shown with show()', { modal: false }))).toBe(false);
  });

  it('takes an open dialog as modal in a browser without :modal', () => {
    const old = dialog('old browser', {
      matches: () => {
        throw new SyntaxError("':modal' is not a valid selector");
      },
    });
    expect(isOpenModal(old)).toBe(true);
  });

  it('puts the dialog opened last on top, whatever the document order', () => {
    const form = dialog('form');
    const confirm = dialog('confirm');
    // The form dialog opens first …
    let stack = modalStack([], [form, { ...confirm, open: false }]);
    expect(stack.map((d) => d.name)).toEqual(['form']);
    // … then a dialog that comes earlier in the document opens over it.
    stack = modalStack(stack, [confirm, form]);
    expect(stack.map((d) => d.name)).toEqual(['form', 'confirm']);
    expect(stack.at(-1)).toBe(confirm);
  });

  it('drops dialogs that close, and is empty when none is open', () => {
    const form = dialog('form');
    const qr = dialog('qr');
    let stack = modalStack([], [form, qr]);
    stack = modalStack(stack, [form, { ...qr, open: false }]);
    expect(stack).toEqual([form]);
    expect(modalStack(stack, [])).toEqual([]);
  });

  it('keeps both live regions in the page, also without a toast', () => {
    const html = renderToStaticMarkup(createElement(ToastViewport, { closeLabel: 'Sluiten' }));
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('role="alert" aria-live="assertive"');
  });
});
