import type { Board } from '@saldo/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { initials } from '../../components/initials';
import { openOnArrowDown, useArrowKeys } from '../../components/use-arrow-keys';
import { useDismiss } from '../../components/use-dismiss';
import { type BoardDialog, BoardDialogs } from '../../features/boards/board-dialogs';
import { filterByNamePrefix, ownsBoard } from '../../features/boards/board-rules';
import { BoardSearch } from '../../features/boards/board-search';
import { useIsMember } from '../../features/boards/member';
import { useCurrentBoard } from '../../features/boards/use-current-board';
import { BoardRowMenu } from './board-row-menu';
import { Icon } from './icons';
import '../../components/user-avatar.css';
import '../../components/dropdown.css';
import './board-dropdown.css';

/** The one open ⋮ menu: its board and the button it hangs from. */
type RowMenu = { board: Board; anchor: HTMLElement } | null;

export function BoardDropdown() {
  const { t } = useTranslation();
  // A member of others' boards makes none of their own (issue 27).
  const member = useIsMember();
  const { boards, current, isPending, isError, select } = useCurrentBoard();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [menu, setMenu] = useState<RowMenu>(null);
  const ref = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const listId = useId();
  const closeMenu = useCallback(() => setMenu(null), []);
  const close = useCallback(() => {
    setOpen(false);
    setMenu(null);
  }, []);
  // The ⋮ menu lives in document.body (board-row-menu.tsx) but belongs to the dropdown: a click in it
  // keeps the dropdown open, and a click elsewhere in the dropdown closes only the menu.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useDismiss(
    useMemo(() => [ref, menuRef], []),
    open,
    close,
    buttonRef,
  );
  const panelRef = useRef<HTMLDivElement>(null);
  useArrowKeys(panelRef, '[data-testid="board-option"]', open);
  // Opening moves the keyboard into the panel (the search field; Down goes on to the boards).
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  useDismiss(
    useMemo(() => [menuRef, anchorRef], []),
    menu !== null,
    closeMenu,
  );
  const openDialog = (next: BoardDialog) => {
    close();
    setDialog(next);
  };

  const label = current?.name ?? (isPending ? t('topbar.loadingBoards') : t('topbar.addBoard'));
  const visible = filterByNamePrefix(boards, search);

  return (
    <div className="dropdown" ref={ref} data-testid="board-dropdown">
      <button
        ref={buttonRef}
        type="button"
        className="board-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={openOnArrowDown(open, setOpen)}
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
        <div className="dropdown__panel dropdown__panel--wide" id={listId} ref={panelRef}>
          <div className="board-panel__head">
            <p className="dropdown__heading">{t('boards.allCompanies')}</p>
            {!member && (
              <Button
                kind="primary"
                small
                onClick={() => openDialog({ kind: 'create' })}
                data-testid="add-board-button"
              >
                + {t('boards.addCompany')}
              </Button>
            )}
          </div>
          <BoardSearch inputRef={searchRef} value={search} onChange={setSearch} testId="board-search" />
          {isError ? (
            <p className="dropdown__empty">{t('topbar.boardsFailed')}</p>
          ) : boards.length === 0 ? (
            <p className="dropdown__empty">{isPending ? t('topbar.loadingBoards') : t('topbar.noBoards')}</p>
          ) : visible.length === 0 ? (
            <p className="dropdown__empty" data-testid="board-search-empty">
              {t('boards.noMatch')}
            </p>
          ) : (
            <ul className="board-list" aria-label={t('topbar.chooseBoard')}>
              {visible.map((board) => (
                <BoardRow
                  key={board._id}
                  board={board}
                  selected={board._id === current?._id}
                  onSelect={() => {
                    select(board._id);
                    close();
                    buttonRef.current?.focus();
                  }}
                  menuOpen={menu?.board._id === board._id}
                  onOptions={(anchor) => {
                    anchorRef.current = anchor;
                    setMenu((current) => (current?.board._id === board._id ? null : { board, anchor }));
                  }}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      {open && menu && (
        <BoardRowMenu
          anchor={menu.anchor}
          menuRef={menuRef}
          onEdit={() => openDialog({ kind: 'edit', board: menu.board })}
          onDelete={() => openDialog({ kind: 'delete', board: menu.board })}
          onClose={closeMenu}
        />
      )}
      <BoardDialogs dialog={dialog} boards={boards} onClose={() => setDialog(null)} />
    </div>
  );
}

function BoardRow({
  board,
  selected,
  onSelect,
  menuOpen,
  onOptions,
}: {
  board: Board;
  selected: boolean;
  onSelect: () => void;
  menuOpen: boolean;
  /** The ⋮ button was pressed: open (or close) this row's menu under it. */
  onOptions: (anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const accountsId = useId();
  return (
    <li className="board-row" data-testid="board-row" data-board-name={board.name}>
      <div className="board-row__line">
        <button
          type="button"
          className={`board-list__item ${selected ? 'board-list__item--selected' : ''}`}
          aria-current={selected ? 'true' : undefined}
          data-testid="board-option"
          data-board-id={board._id}
          onClick={onSelect}
        >
          <span className="avatar avatar--small" aria-hidden="true">
            {initials(board.name)}
          </span>
          <span className="board-list__text">
            <span className="board-list__name">{board.name}</span>
            {board.apiAccounts.length === 0 ? (
              <span className="board-list__meta board-list__meta--warning" data-testid="board-no-api-warning">
                {t('dashboard.connectApi')}
              </span>
            ) : (
              <span className="board-list__meta">{t('topbar.apiCount', { count: board.apiAccounts.length })}</span>
            )}
            {board.sharedBy && (
              <span className="board-list__meta board-list__meta--shared" data-testid="board-shared">
                {t('team.sharedBy', { name: board.sharedBy.name })} · {t(`team.roles.${board.role}`)}
              </span>
            )}
          </span>
          {selected && <Icon name="check" />}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-expanded={expanded}
          aria-controls={accountsId}
          aria-label={t('boards.showAccounts')}
          onClick={() => setExpanded((value) => !value)}
          data-testid="board-expand"
        >
          <span className={`chevron ${expanded ? 'chevron--open' : ''}`}>
            <Icon name="chevron" />
          </span>
        </button>
        {/* Editing a board's name and API accounts, and deleting it, are its owner's (SPEC §6). */}
        {ownsBoard(board) && (
          <button
            type="button"
            className="icon-button"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-label={t('boards.options')}
            onClick={(event) => onOptions(event.currentTarget)}
            data-testid="board-options"
          >
            ⋮
          </button>
        )}
      </div>
      {expanded && (
        <div id={accountsId} className="board-row__accounts" data-testid="board-accounts">
          {board.apiAccounts.length === 0 ? (
            <p className="board-row__warning" data-testid="board-no-api">
              {t('dashboard.connectApi')}
            </p>
          ) : (
            <ul className="board-row__list">
              {board.apiAccounts.map((account) => (
                <li key={account._id}>
                  {account.name} <span className="chip">{t(`dashboard.sourceType.${account.provider}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
