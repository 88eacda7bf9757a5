/**
 * Server-side composition (docs/architecture.md): on some routes the gateway has put a
 * remote's first view (rendered by the remote at build time) into #content. React's first
 * render clears the root, so the shell takes those nodes before it renders and shows them, as
 * they are, in the place of its loading state until the remote's App has rendered: the page's
 * text stays where it is instead of flashing to "loading" and back. The shell knows nothing of
 * what the nodes say.
 */

export interface FirstView {
  /** The route the first view was rendered for; only that route may show it. */
  pathname: string;
  nodes: Node[];
}

let firstView: FirstView | undefined;

// The originals are loaded already (the page waited for them), so the copies come from the
// cache at once; should one not, the shell does not wait longer than this for it.
const STYLESHEET_WAIT_MS = 2000;

/**
 * Takes the first view out of the content slot, before the shell's first render. Its styles
 * go to <head> first (inline ones moved; linked ones, which fragments of older releases have,
 * copied and loaded from the cache before this resolves), so the page keeps its styles when
 * React clears the slot.
 */
export async function takeFirstView(slot: Element | null, pathname: string): Promise<void> {
  if (!slot || !slot.firstElementChild) return;
  // Its inline styles move into <head> as they are, in the same task: nothing repaints.
  for (const style of slot.querySelectorAll('style')) document.head.append(style);
  const links = [...slot.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  await Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const copy = document.createElement('link');
          copy.rel = 'stylesheet';
          copy.href = link.href;
          copy.addEventListener('load', () => resolve());
          copy.addEventListener('error', () => resolve());
          setTimeout(resolve, STYLESHEET_WAIT_MS);
          document.head.append(copy);
        }),
    ),
  );
  const nodes = [...slot.childNodes].filter((node) => !links.includes(node as HTMLLinkElement));
  firstView = { pathname, nodes };
}

/** The first view's nodes while the page is still at the route it was rendered for. */
export function firstViewFor(pathname: string): Node[] | undefined {
  return firstView?.pathname === pathname ? firstView.nodes : undefined;
}

/** Once a remote's App has rendered (or the visitor moved on), the first view is history. */
export function dropFirstView(): void {
  firstView = undefined;
}
