import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../components/initials';
import { useDismiss } from '../../components/use-dismiss';
import { useCurrentBoard } from '../../features/boards/use-current-board';
import { Icon } from './icons';

export function BoardDropdown() {
  const { t } = useTranslation();
  const { boards, current, isPending, isError, select } = useCurrentBoard();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const label = current?.name ?? (isPending ? t('topbar.loadingBoards') : t('topbar.addBoard'));

  return (
    <div className="dropdown" ref={ref} data-testid="board-dropdown">
      <button
        type="button"
        className="board-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="board-dropdown-button"
      >
        <span className={`avatar ${current ? '' : 'avatar--empty'}`} aria-hidden="true">
          {current ? initials(current.name) : '+'}
        </span>
        <span className="board-button__name" data-testid="current-board-name">
          {label}
        </span>
        <Icon name="chevron" />
      </button>
      {open && (
        <div className="dropdown__panel dropdown__panel--wide" id={listId}>
          <p className="dropdown__heading">{t('topbar.boards')}</p>
          {isError ? (
            <p className="dropdown__empty">{t('topbar.boardsFailed')}</p>
          ) : boards.length === 0 ? (
            <p className="dropdown__empty">{isPending ? t('topbar.loadingBoards') : t('topbar.noBoards')}</p>
          ) : (
            <ul className="board-list" aria-label={t('topbar.chooseBoard')}>
              {boards.map((board) => {
                const selected = board._id === current?._id;
                return (
                  <li key={board._id}>
                    <button
                      type="button"
                      className={`board-list__item ${selected ? 'board-list__item--selected' : ''}`}
                      aria-current={selected ? 'true' : undefined}
                      data-testid="board-option"
                      data-board-id={board._id}
                      onClick={() => {
                        select(board._id);
                        setOpen(false);
                      }}
                    >
                      <span className="avatar avatar--small" aria-hidden="true">
                        {initials(board.name)}
                      </span>
                      <span className="board-list__text">
                        <span className="board-list__name">{board.name}</span>
                        <span className="board-list__meta">
                          {t('topbar.apiCount', { count: board.apiAccounts.length })}
                        </span>
                      </span>
                      {selected && <Icon name="check" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
