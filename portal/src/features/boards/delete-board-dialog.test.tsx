import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { board } from '../../test/fixtures';
import { $, freshScreen, renderWithProviders, settle, text } from '../../test/render';
import { DeleteBoardDialog } from './delete-board-dialog';

async function confirm() {
  await act(async () => $<HTMLButtonElement>('[data-testid=confirm-ok]')!.click());
  await settle();
}

freshScreen();

describe('DeleteBoardDialog', () => {
  it("asks again when the board is some member's only one, and deletes it only on that second yes", async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('?forced=forced')
        ? json(200, { isDeleted: true })
        : json(409, {
            code: 'MEMBERS_LAST_GROUP',
            message: 'This board is the only one some of its members have: deleting it leaves them without a board',
          }),
    );
    const onClose = vi.fn();
    const boards = [board({}), board({ _id: 'b2', name: 'Fjord AS' })];
    renderWithProviders(<DeleteBoardDialog board={boards[0]!} boards={boards} onClose={onClose} />);
    expect(text('[data-testid=delete-board-dialog]')).toContain('Delete the board Nordlys AS?');

    await confirm();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/group-account/b1']);
    expect(text('[data-testid=delete-board-dialog]')).toContain(
      'Nordlys AS is the only board some of its members have. Deleting it leaves them without a board; they keep their account.',
    );
    expect(text('[data-testid=confirm-ok]')).toBe('Delete anyway');
    expect(onClose).not.toHaveBeenCalled();

    await confirm();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/group-account/b1',
      'DELETE /api/group-account/b1?forced=forced',
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when it is also the owner’s own last board', async () => {
    stubFetch(() => json(409, { code: 'MEMBERS_LAST_GROUP', message: '' }));
    const only = board({});
    renderWithProviders(<DeleteBoardDialog board={only} boards={[only]} onClose={() => undefined} />);
    await confirm();
    expect(text('[data-testid=delete-board-dialog]')).toContain(
      'Nordlys AS is your last board and the only board some of its members have.',
    );
  });
});
