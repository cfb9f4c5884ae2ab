import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollHint } from './use-scroll-hint';

// The browser's ResizeObserver, driven by hand: happy-dom lays nothing out, so sizes are set per box.
class FakeObserver {
  static made: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(readonly callback: (entries: Array<{ target: Element }>) => void) {
    FakeObserver.made.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The browser reports `targets` resized. */
  report(targets: Element[]) {
    act(() => this.callback(targets.map((target) => ({ target }))));
  }
}

function setSize(el: Element, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
}

function Box({ id }: { id: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { scrolls, more } = useScrollHint(ref);
  return (
    <div ref={ref} data-testid={id} data-scrolls={String(scrolls)} data-more={String(more)}>
      <span />
    </div>
  );
}

beforeEach(() => {
  FakeObserver.made = [];
  vi.stubGlobal('ResizeObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const box = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement;

describe('useScrollHint', () => {
  it('follows every box of the page with one observer, box and content', () => {
    const view = render(
      <>
        <Box id="a" />
        <Box id="b" />
      </>,
    );
    const observers = FakeObserver.made.filter((o) => o.observed.size > 0);
    expect(observers).toHaveLength(1);
    const observer = observers[0]!;
    // Each box and the element inside it (the SDK element that grows when its data arrives).
    expect(observer.observed.size).toBe(4);

    // Both boxes' content grows in the same frame: one report, both states follow.
    setSize(box('a'), 500, 200);
    setSize(box('b'), 150, 200);
    observer.report([box('a').firstElementChild!, box('b')]);
    expect(box('a').dataset.scrolls).toBe('true');
    expect(box('a').dataset.more).toBe('true');
    expect(box('b').dataset.scrolls).toBe('false');

    // A box that goes is no longer watched; the other still is.
    view.rerender(<Box id="b" />);
    expect(observer.observed.size).toBe(2);
    setSize(box('b'), 600, 200);
    observer.report([box('b').firstElementChild!]);
    expect(box('b').dataset.scrolls).toBe('true');
    view.unmount();
    expect(observer.observed.size).toBe(0);
  });
});
