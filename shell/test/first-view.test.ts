// @vitest-environment jsdom
// Server-side composition (docs/architecture.md): the shell keeps the gateway's first view.
import { afterEach, describe, expect, it } from 'vitest';
import { dropFirstView, firstViewFor, takeFirstView } from '../src/first-view';

function slotWith(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root"><div id="content">${html}</div></div>`;
  return document.getElementById('content')!;
}

afterEach(() => {
  dropFirstView();
  document.head.innerHTML = '';
});

describe('the first view from the gateway', () => {
  it('is nothing when the content slot is empty or missing', async () => {
    await takeFirstView(slotWith('\n  '), '/');
    expect(firstViewFor('/')).toBeUndefined();
    await takeFirstView(null, '/');
    expect(firstViewFor('/')).toBeUndefined();
  });

  it('keeps the very nodes for its own route only, its stylesheet copied into <head> first', async () => {
    const slot = slotWith(
      '<link rel="stylesheet" href="/mfe/public/1.4.0/app.css"><main><p class="lead">Welkom</p></main>',
    );
    const main = slot.querySelector('main');
    const taken = takeFirstView(slot, '/');
    const copy = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(copy?.href).toBe(new URL('/mfe/public/1.4.0/app.css', location.href).href);
    // Not ready until the copy has loaded.
    expect(firstViewFor('/')).toBeUndefined();
    copy!.dispatchEvent(new Event('load'));
    await taken;

    expect(firstViewFor('/')).toEqual([main]);
    expect(firstViewFor('/')![0]).toBe(main);
    expect(firstViewFor('/schools/x')).toBeUndefined();
    dropFirstView();
    expect(firstViewFor('/')).toBeUndefined();
  });

  it('moves its inline styles into <head> at once, still applied, and keeps the rest', async () => {
    const slot = slotWith(
      '<style data-first-view>.lead { color: rgb(1, 2, 3); }</style><main><p class="lead">Welkom</p></main>',
    );
    const main = slot.querySelector('main');
    await takeFirstView(slot, '/');
    const style = document.head.querySelector('style[data-first-view]');
    expect(style?.textContent).toContain('rgb(1, 2, 3)');
    expect(slot.querySelector('style')).toBeNull();
    expect(firstViewFor('/')).toEqual([main]);
  });

  it('does not wait for ever for a stylesheet that never loads', async () => {
    const slot = slotWith('<link rel="stylesheet" href="/x.css"><main>x</main>');
    const started = Date.now();
    await takeFirstView(slot, '/');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(firstViewFor('/')).toHaveLength(1);
  });
});
