import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in order; hidden ones (display: none, inert) are left out. */
export function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && (el.getClientRects().length > 0 || el === document.activeElement),
  );
}

/** The focused element, looking into shadow roots (a row of an SDK element that opened a drill-down). */
function deepActiveElement(): HTMLElement | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}

/** The open traps, innermost last: only the innermost answers Tab and Escape (a dialog over a drawer). */
const stack: object[] = [];

export interface FocusTrapOptions {
  /** Escape: usually closes the dialog or drawer. */
  onEscape?: (() => void) | undefined;
  /** Where the focus starts: this element, else the first focusable one that is not `skip`, else the container. */
  initial?: RefObject<HTMLElement | null>;
  /** A selector of elements not to start on (a close button). */
  skip?: string;
}

/**
 * Keeps the keyboard inside a dialog or drawer while `active`: the focus moves in when it opens, Tab
 * and Shift+Tab wrap around inside it, Escape calls `onEscape`, and on closing the focus goes back to
 * whatever had it before (the button that opened it), as WCAG 2.4.3 and the ARIA dialog pattern ask.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}) {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const me = {};
    stack.push(me);
    const previous = deepActiveElement();
    const { initial, skip } = optionsRef.current;
    const start =
      initial?.current ?? focusablesIn(root).find((el) => !(skip && el.matches(skip))) ?? focusablesIn(root)[0] ?? null;
    if (start) start.focus();
    else {
      if (!root.hasAttribute('tabindex')) root.tabIndex = -1;
      root.focus();
    }

    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me) return;
      if (event.key === 'Escape' && optionsRef.current.onEscape) {
        event.preventDefault();
        optionsRef.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      const inside = current instanceof Node && root.contains(current);
      if (!inside) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (current === first || current === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(me), 1);
      // Back to the opener, unless the user has already moved on to something else outside.
      const now = document.activeElement;
      const lost = !now || now === document.body || root.contains(now) || !now.isConnected;
      if (lost && previous?.isConnected) previous.focus();
    };
  }, [active, ref]);
}
