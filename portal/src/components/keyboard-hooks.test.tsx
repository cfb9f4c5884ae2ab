import { act, fireEvent, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../test/render';
import { nextItem } from './use-arrow-keys';
import { useFocusTrap } from './use-focus-trap';

function Dialog({ onEscape }: { onEscape: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, { onEscape, skip: '.close' });
  return (
    <div ref={ref} role="dialog">
      <button type="button" className="close">
        ×
      </button>
      <input aria-label="first" />
      <button type="button">last</button>
    </div>
  );
}

function Page({ onEscape }: { onEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button type="button">outside</button>
      {open && (
        <Dialog
          onEscape={() => {
            onEscape?.();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('button, input')].find(
    (el) => el.textContent === text || el.getAttribute('aria-label') === text,
  )!;
const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('useFocusTrap', () => {
  it('starts inside, wraps Tab and Shift+Tab around, closes on Escape and gives the focus back', () => {
    const onEscape = vi.fn();
    render(<Page onEscape={onEscape} />);
    const opener = byText('open');
    opener.focus();
    act(() => opener.click());
    // The first control that is not the close button.
    expect(document.activeElement).toBe(byText('first'));
    byText('last').focus();
    tab();
    expect(document.activeElement).toBe(byText('×'));
    tab(true);
    expect(document.activeElement).toBe(byText('last'));
    // Focus that wandered outside comes back in on the next Tab.
    byText('outside').focus();
    tab();
    expect(document.activeElement).toBe(byText('×'));
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(onEscape).toHaveBeenCalledOnce();
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('arrow keys', () => {
  it('move down and up with wrap-around, Home and End to the ends, and Down from a field into the list', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<input id="q"><button class="i" id="a">a</button><button class="i" id="b" disabled>b</button><button class="i" id="c">c</button>';
    const [q, a, , c] = [...root.children] as HTMLElement[];
    expect(nextItem(root, '.i', q!, 'ArrowDown')).toBe(a);
    expect(nextItem(root, '.i', q!, 'ArrowUp')).toBe(c);
    // The disabled one is passed over.
    expect(nextItem(root, '.i', a!, 'ArrowDown')).toBe(c);
    expect(nextItem(root, '.i', c!, 'ArrowDown')).toBe(a);
    expect(nextItem(root, '.i', a!, 'ArrowUp')).toBe(c);
    expect(nextItem(root, '.i', c!, 'Home')).toBe(a);
    expect(nextItem(root, '.i', a!, 'End')).toBe(c);
    // Home and End in a field move its caret; other keys are not moves.
    expect(nextItem(root, '.i', q!, 'Home')).toBeNull();
    expect(nextItem(root, '.i', a!, 'Enter')).toBeNull();
  });
});
