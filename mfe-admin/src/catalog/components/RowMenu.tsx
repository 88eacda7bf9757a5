import { Link } from 'react-router-dom';
import { useMenuButton } from '../lib/use-menu-button';

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

/**
 * A row's actions behind one button (R-ADMIN-ACTIVITIES-FILTER), the ARIA menu button pattern:
 * Enter, Space or Arrow Down open it on the first item, Arrow Up on the last; the arrows,
 * Home and End move; Escape closes and gives focus back to the button, Tab closes. Fixed to the
 * viewport, so a table's scroll box does not cut it off; it follows its button when the page
 * scrolls.
 */
export function RowMenu({ label, text, items, testId }: Props) {
  const {
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
  } = useMenuButton();

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
