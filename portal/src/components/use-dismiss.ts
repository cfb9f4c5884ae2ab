import { type RefObject, useEffect } from 'react';

/**
 * Closes a popover on a click outside it or on Escape, the way every menu in the product behaves.
 * `inside` may name several elements: a popover and the menu it renders elsewhere (a portal) count as one.
 * After Escape the focus goes back to `opener` (the button that opened the popover), so a keyboard user
 * is not dropped at the top of the page.
 */
export function useDismiss(
  inside: RefObject<HTMLElement | null> | readonly RefObject<HTMLElement | null>[],
  open: boolean,
  close: () => void,
  opener?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const refs = Array.isArray(inside) ? inside : [inside as RefObject<HTMLElement | null>];
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (refs.some((ref) => ref.current) && !refs.some((ref) => ref.current?.contains(target))) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      opener?.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [inside, open, close, opener]);
}
