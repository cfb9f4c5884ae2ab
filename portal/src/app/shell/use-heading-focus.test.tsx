import { act, useRef } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes, settle } from '../../test/render';
import { useHeadingFocus } from './use-heading-focus';

function Shell() {
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <>
      <nav>
        <a href="/a" id="nav-link">
          A
        </a>
      </nav>
      <main ref={main} id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <div role="dialog" aria-modal="true">
        <button type="button" id="in-dialog">
          OK
        </button>
      </div>
    </>
  );
}

const page = (title: string) => (
  <>
    <h1>{title}</h1>
    <button type="button">{`${title} button`}</button>
  </>
);

function render() {
  return renderRoutes(
    [
      {
        element: <Shell />,
        children: [
          { path: '/a', element: page('Side A') },
          { path: '/b', element: page('Side B') },
          { path: '/c', element: page('Side C') },
        ],
      },
    ],
    '/a',
  ).router;
}

describe('a page change focuses the new page’s heading', () => {
  it('not on the first page; on a change of path from the sidebar; not from a dialog; not for a query', async () => {
    const router = render();
    await settle();
    const nav = document.getElementById('nav-link')!;
    nav.focus();
    await settle();
    // The first page of a visit leaves the focus where it is.
    expect(document.activeElement).toBe(nav);

    await act(() => router.navigate('/b'));
    await settle();
    expect(document.activeElement?.textContent).toBe('Side B');
    expect(document.activeElement?.tagName).toBe('H1');

    // Only the query changes: the focus stays.
    nav.focus();
    await act(() => router.navigate('/b?period=ytd'));
    await settle();
    expect(document.activeElement).toBe(nav);

    // A dialog holding the focus keeps it.
    const inDialog = document.getElementById('in-dialog')!;
    inDialog.focus();
    await act(() => router.navigate('/c'));
    await settle();
    expect(document.activeElement).toBe(inDialog);
  });
});
