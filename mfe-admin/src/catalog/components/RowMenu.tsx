import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

export interface MenuItem {
  key: string;
  label: string;
  /** A route to go to instead of an action. */
  to?: string;
  onSelect?: () => void;
  disabled?: boolean;
  danger?: boolean;
}

interface Props {
  /** The button's accessible name, e.g. "Actions: Judo". */
  label: string;
  /** What the button shows. */
  text: string;
  items: readonly MenuItem[];
  testId?: string;
}

const MENU_WIDTH_REM = 14;

/**
 * A row's actions behind one button (R-ADMIN-ACTIVITIES-FILTER), the ARIA menu button pattern:
 * Enter, Space or Arrow Down open it on the first item, Arrow Up on the last; the arrows,
 * Home and End move; Escape closes and gives focus back to the button, Tab closes. Fixed to the
 * viewport, so a table's scroll box does not cut it off; it follows its button when the page
 * scrolls.
 */
export function RowMenu({ label, text, items, testId }: Props) {
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

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    // Focus back on the button first: an action may open a dialog that returns focus to it.
    close(true);
    item.onSelect?.();
  };

  return (
    <div className="adm-row-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="button secondary adm-small adm-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
        data-testid={testId}
      >
        {text}
        <span aria-hidden="true" className="adm-menu-caret">
          ▾
        </span>
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="adm-menu"
          style={
            place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }
          }
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.to ? (
                <Link
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  className="adm-menu-item"
                  data-action={item.key}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={item.danger ? 'adm-menu-item adm-danger' : 'adm-menu-item'}
                  aria-disabled={item.disabled ? true : undefined}
                  data-action={item.key}
                  onClick={() => choose(item)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
