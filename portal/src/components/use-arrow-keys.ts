import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect } from 'react';

/**
 * Arrow keys in a menu or list of options (the ARIA menu and listbox patterns): Down and Up move
 * between the items `selector` finds inside `ref`, wrapping around; Home and End go to the first and
 * last. From a field (the board search) Down enters the list. Enter and Space are the items' own (they
 * are buttons and links). `open` says when the element is on screen.
 */
export function useArrowKeys(ref: RefObject<HTMLElement | null>, selector: string, open: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const onKey = (event: KeyboardEvent) => {
      const next = nextItem(root, selector, event.target as HTMLElement, event.key);
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  }, [ref, selector, open]);
}

/** The item a key moves to from `from`, or null when the key is not a move (or there is nothing to move to). */
export function nextItem(root: HTMLElement, selector: string, from: HTMLElement, key: string): HTMLElement | null {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return null;
  // Home and End belong to a text field's caret.
  if (from instanceof HTMLInputElement && (key === 'Home' || key === 'End')) return null;
  const items = [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => !(el instanceof HTMLButtonElement && el.disabled),
  );
  if (items.length === 0) return null;
  const at = items.indexOf(from);
  if (key === 'Home') return items[0]!;
  if (key === 'End') return items[items.length - 1]!;
  if (at === -1) return key === 'ArrowDown' ? items[0]! : items[items.length - 1]!;
  return items[(at + (key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]!;
}

/** A menu button's keys: ArrowDown opens its closed menu (rather than scrolling the page). */
export function openOnArrowDown(open: boolean, setOpen: (open: boolean) => void) {
  return (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };
}
