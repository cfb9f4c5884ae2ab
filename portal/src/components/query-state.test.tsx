import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { renderWithProviders } from '../test/render';
import { EmptyState } from './empty-state';
import { Page } from './page';
import { type QueryLike, QueryState } from './query-state';

const query = <T = string[]>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: () => {},
  ...over,
});
const list = (data: string[]) => (
  <ul>
    {data.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('QueryState', () => {
  it('loading: the spinner block announced as a status, or a muted line, or a node of its own', () => {
    const { unmount } = renderWithProviders(<QueryState query={query({ isPending: true })}>{list}</QueryState>);
    const status = screen.getByRole('status');
    expect(status.className).toBe('loading-block');
    expect(status.textContent).toBe('Laster');
    unmount();
    const text = renderWithProviders(
      <QueryState query={query({ isPending: true })} loading="text">
        {list}
      </QueryState>,
    );
    expect(text.container.firstElementChild!.outerHTML).toBe('<p class="muted">Laster</p>');
    text.unmount();
    renderWithProviders(
      <QueryState query={query({ isPending: true })} loading={<span data-testid="own">…</span>}>
        {list}
      </QueryState>,
    );
    expect(screen.getByTestId('own')).toBeTruthy();
  });

  it("failed: the server's error text in an alert, or the text given, or a node of its own", () => {
    const failed = query<string[]>({ isError: true, error: new ApiError(404, 'NO_USER_FOUND', 'No user found') });
    const { unmount } = renderWithProviders(
      <QueryState query={failed} errorTestId="oops">
        {list}
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('oops');
    expect(alert.textContent).toBe('Fant ingen bruker');
    unmount();
    const given = renderWithProviders(
      <QueryState query={failed} error="Could not read">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not read');
    given.unmount();
    renderWithProviders(
      <QueryState query={failed} error={() => <p className="quiet">quiet</p>}>
        {list}
      </QueryState>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('quiet').className).toBe('quiet');
  });

  it("failed with retry: 'Try again' asks again", () => {
    const refetch = vi.fn();
    renderWithProviders(
      <QueryState query={query({ isError: true, refetch })} retry={{ className: 'box', testId: 'retry-box' }}>
        {list}
      </QueryState>,
    );
    expect(screen.getByTestId('retry-box').className).toBe('box');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('empty: the empty text (or node) for an empty list, else the data; no empty state given, the data', () => {
    const { unmount } = renderWithProviders(
      <QueryState query={query({ data: [] })} emptyText="Nothing yet" emptyTestId="none">
        {list}
      </QueryState>,
    );
    expect(screen.getByTestId('none').outerHTML).toBe('<p class="muted" data-testid="none">Nothing yet</p>');
    unmount();
    const own = renderWithProviders(
      <QueryState query={query({ data: ['a'] })} isEmpty={(data) => data.length < 2} empty={<b>few</b>}>
        {list}
      </QueryState>,
    );
    expect(own.container.firstElementChild!.outerHTML).toBe('<b>few</b>');
    own.unmount();
    renderWithProviders(<QueryState query={query({ data: [] as string[] })}>{list}</QueryState>);
    expect(screen.getByRole('list').children.length).toBe(0);
    renderWithProviders(
      <QueryState query={query({ data: ['a', 'b'] })} emptyText="Nothing yet">
        {list}
      </QueryState>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });
});

describe('EmptyState and Page', () => {
  it('an empty state: a card with a picture, a heading, its text and action', () => {
    const { container } = renderWithProviders(
      <EmptyState
        art="chart"
        testId="nothing"
        title="No data"
        body="Sync first"
        action={<button type="button">Go</button>}
      />,
    );
    const box = screen.getByTestId('nothing');
    expect(box.className).toBe('empty-state card');
    expect(container.querySelector('svg.empty-state__art')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'No data' })).toBeTruthy();
    expect(screen.getByText('Sync first').tagName).toBe('P');
    renderWithProviders(<EmptyState card={false} heading="h1" title="Bare" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bare' }).parentElement!.className).toBe('empty-state');
  });

  it('a page: its test id, the title as its one h1, the subtitle and the actions beside them', () => {
    renderWithProviders(
      <Page testId="a-page" className="wide" title="Boards" subtitle="" actions={<button type="button">Add</button>}>
        <p>content</p>
      </Page>,
    );
    const page = screen.getByTestId('a-page');
    expect(page.className).toBe('page wide');
    expect(screen.getByRole('heading', { level: 1, name: 'Boards' }).className).toBe('page__title');
    // An empty subtitle still holds its line; none at all when not given.
    expect(page.querySelectorAll('.page__subtitle').length).toBe(1);
    expect(page.querySelector('header')!.lastElementChild!.textContent).toBe('Add');
  });
});
