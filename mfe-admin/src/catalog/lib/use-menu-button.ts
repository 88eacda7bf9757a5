import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

const MENU_WIDTH_REM = 14;

/**
 * The ARIA menu button pattern's state and keys (R-ADMIN-ACTIVITIES-FILTER): Enter, Space or
 * Arrow Down open the menu on the first item, Arrow Up on the last; the arrows, Home and End
 * move; Escape closes and gives focus back to the button, Tab closes. The menu is fixed to the
 * viewport under its button (above it when there is no room below) and follows it on scroll.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOn = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();

  const enabledItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []).filter(
      (el) => el.getAttribute('aria-disabled') !== 'true',
    );

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const openMenu = (where: 'first' | 'last') => {
    focusOn.current = where;
    setOpen(true);
  };

  /** Where the menu goes: under the button, or above it when there is no room below. */
  const placeMenu = () => {
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (!button || !menu) return;
    const rect = button.getBoundingClientRect();
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const width = Math.min(MENU_WIDTH_REM * rem, window.innerWidth - 16);
    const height = menu.offsetHeight;
    const below = rect.bottom + 4;
    const top =
      below + height > window.innerHeight && rect.top - 4 - height > 0
        ? rect.top - 4 - height
        : below;
    const left = Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8));
    setPlace((was) => (was && was.top === top && was.left === left ? was : { top, left }));
  };

  useLayoutEffect(() => {
    if (open) placeMenu();
    else setPlace(null);
  }, [open]);

  // Focus moves into the menu once, when it is first in place; following a scroll does not move it.
  const placed = place !== null;
  useEffect(() => {
    if (!open || !placed) return;
    const list = enabledItems();
    (focusOn.current === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // The menu is fixed to the viewport: scrolling or resizing moves it along with its button
    // (a scroll that was under way when the menu opened must not close it), and closes it only
    // once the button has left the screen.
    const follow = (event: Event) => {
      if (event.type === 'scroll' && menuRef.current?.contains(event.target as Node)) return;
      const rect = buttonRef.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) close(false);
      else placeMenu();
    };
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = enabledItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return {
    open,
    setOpen,
    place,
    buttonRef,
    menuRef,
    menuId,
    buttonId,
    openMenu,
    close,
    onButtonKey,
    onMenuKey,
  };
}
