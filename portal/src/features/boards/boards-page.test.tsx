import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { board } from '../../test/fixtures';
import { $, $$, freshScreen, renderRoutes, settle } from '../../test/render';
import { BoardsPage } from './boards-page';

const kari = { id: 'u2', name: 'Kari Klient' };
const ola = { id: 'u3', name: 'Ola Revisor' };
const BOARDS = [
  board({ _id: 'b1', name: 'Nordlys Energiteknikk AS', tags: ['Bygg'], responsible: ola }),
  board({ _id: 'b2', name: 'Fjord Regnskap AS', tags: ['Bygg', 'Agder'], responsible: kari }),
  board({ _id: 'b3', name: 'Elv Bakeri AS', tags: [], responsible: kari }),
];

freshScreen();

const shown = () => $$('[data-testid=boards-page-row]').map((r) => r.getAttribute('data-board-name'));
const choose = (testId: string, value: string) =>
  act(() => {
    fireEvent.change($(`[data-testid=${testId}]`)!, { target: { value } });
  });

describe('the boards page’s filters', () => {
  it('filters the boards by tag and by responsible accountant, together and with the search', async () => {
    stubFetch((call) =>
      call.url === '/api/group-account' ? json(200, BOARDS) : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    renderRoutes([{ path: '/group', element: <BoardsPage /> }], '/group');
    await settle();
    expect(shown()).toEqual(['Nordlys Energiteknikk AS', 'Fjord Regnskap AS', 'Elv Bakeri AS']);
    expect($$('[data-testid=boards-page-filter-tag] option').map((o) => o.textContent)).toEqual([
      'All tags',
      'Agder',
      'Bygg',
    ]);
    expect($$('[data-testid=boards-page-filter-responsible] option').map((o) => o.textContent)).toEqual([
      'Everyone',
      'Kari Klient',
      'Ola Revisor',
    ]);
    await choose('boards-page-filter-responsible', 'u2');
    expect(shown()).toEqual(['Fjord Regnskap AS', 'Elv Bakeri AS']);
    await choose('boards-page-filter-tag', 'Bygg');
    expect(shown()).toEqual(['Fjord Regnskap AS']);
    await choose('boards-page-filter-responsible', '');
    expect(shown()).toEqual(['Nordlys Energiteknikk AS', 'Fjord Regnskap AS']);
    await choose('boards-page-search', 'Nord');
    expect(shown()).toEqual(['Nordlys Energiteknikk AS']);
  });

  it('offers no filter while no board has a tag or a responsible accountant', async () => {
    stubFetch((call) =>
      call.url === '/api/group-account'
        ? json(200, [board({ tags: [], responsible: null })])
        : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    renderRoutes([{ path: '/group', element: <BoardsPage /> }], '/group');
    await settle();
    expect(shown()).toHaveLength(1);
    expect($('[data-testid=boards-page-filter-tag]')).toBeNull();
  });
});
