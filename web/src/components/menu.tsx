import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './menu.module.css';

export interface MenuItem {
  label: string;
  onSelect(): void;
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown opens it on the first item, arrows move,
 * Escape or Tab closes it, and focus goes back to the button after a choice.
 */
export function Menu({ label, trigger, items }: { label: string; trigger: ReactNode; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => keyInMenu(event, list.current, close);

  return (
    <div className={styles.menu}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={list}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.list}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Arrows, Home and End move between the items (wrapping); Escape closes and refocuses the button; Tab closes. */
function keyInMenu(
  event: React.KeyboardEvent,
  list: HTMLElement | null,
  close: (restoreFocus: boolean) => void,
) {
  const entries = Array.from(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const index = entries.indexOf(document.activeElement as HTMLElement);
  const move = (to: number) => {
    event.preventDefault();
    entries[(to + entries.length) % entries.length]?.focus();
  };
  if (event.key === 'ArrowDown') move(index + 1);
  else if (event.key === 'ArrowUp') move(index - 1);
  else if (event.key === 'Home') move(0);
  else if (event.key === 'End') move(entries.length - 1);
  else if (event.key === 'Escape') {
    event.preventDefault();
    close(true);
  } else if (event.key === 'Tab') close(false);
}
