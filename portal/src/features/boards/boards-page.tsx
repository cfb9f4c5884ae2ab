import type { Board } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BoardRowMenu } from '../../app/shell/board-row-menu';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { initials } from '../../components/initials';
import { useDismiss } from '../../components/use-dismiss';
import { type AssignmentFilter, matchesAssignment, NO_ASSIGNMENT_FILTER } from './assignment-filter';
import { AssignmentFilterFields } from './assignment-filter-fields';
import { type BoardDialog, BoardDialogs } from './board-dialogs';
import { canShareBoard, filterByNamePrefix, ownsBoard } from './board-rules';
import { BoardSearch } from './board-search';
import { useIsMember } from './member';
import { useCurrentBoard } from './use-current-board';
import '../../components/user-avatar.css';
import '../../components/dropdown.css';
import '../../app/shell/board-dropdown.css';
import './boards-page.css';
import { TableScroll } from '../../components/table-scroll';

/**
 * /group (the menu's GroupAccount entry): every board of the user on one page, with its API accounts,
 * widgets and last sync, and the same create / edit / delete dialogs and current-board rules as the
 * top bar's board dropdown.
 */
export function BoardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { boards, current, isPending, isError, select } = useCurrentBoard();
  const [search, setSearch] = useState('');
  const [assignment, setAssignment] = useState<AssignmentFilter>(NO_ASSIGNMENT_FILTER);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [menu, setMenu] = useState<{ board: Board; anchor: HTMLElement } | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  useDismiss(
    useMemo(() => [menuRef, anchorRef], []),
    menu !== null,
    closeMenu,
    anchorRef,
  );
  // The menu opens with the keyboard in it (it lives at the end of the page, out of the Tab order's way).
  useEffect(() => {
    if (!menu) return;
    // After the menu has been placed (it is hidden until measured, and a hidden item takes no focus).
    const frame = requestAnimationFrame(() =>
      menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [menu]);
  // A member of others' boards makes none of their own (issue 27).
  const member = useIsMember();
  const visible = filterByNamePrefix(boards, search).filter((board) => matchesAssignment(board, assignment));
  // Tags and responsible accountants to filter by, once there is a choice to make.
  const filterable = boards.some((b) => b.tags.length > 0 || b.responsible);

  return (
    <div className="page" data-testid="boards-page">
      <header className="page__header">
        <h1 className="page__title">{t('groupPage.title')}</h1>
        {boards.length > 1 && (
          <Link to="/portfolio" className="button button--secondary" data-testid="boards-page-portfolio">
            {t('nav.portfolio')}
          </Link>
        )}
        <Link to="/group/templates" className="button button--secondary" data-testid="boards-page-templates">
          {t('templates.open')}
        </Link>
        <Link to="/alerts" className="button button--secondary" data-testid="boards-page-alerts">
          {t('nav.alerts')}
        </Link>
        {!member && (
          <Button kind="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="boards-page-add">
            + {t('boards.addCompany')}
          </Button>
        )}
      </header>
      <section className="card">
        <div className="boards-page__filters">
          <BoardSearch value={search} onChange={setSearch} testId="boards-page-search" />
          {filterable && (
            <AssignmentFilterFields
              rows={boards}
              value={assignment}
              onChange={(patch) => setAssignment((f) => ({ ...f, ...patch }))}
              testId="boards-page-filter"
            />
          )}
        </div>
        {isPending ? (
          <p className="muted">{t('app.loading')}</p>
        ) : isError ? (
          <div className="banner banner--error" role="alert">
            {t('topbar.boardsFailed')}
          </div>
        ) : boards.length === 0 ? (
          <EmptyState
            card={false}
            testId="boards-page-empty"
            title={t('topbar.noBoards')}
            body={t('groupPage.emptyBody')}
          />
        ) : visible.length === 0 ? (
          <p className="muted">{t('boards.noMatch')}</p>
        ) : (
          <TableScroll label={t('groupPage.title')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th>{t('boards.name')}</th>
                  <th>{t('boards.apiAccounts')}</th>
                  <th>{t('groupPage.widgets')}</th>
                  <th>{t('groupPage.lastSynced')}</th>
                  <th>{t('groupPage.publicLink')}</th>
                  <th aria-label={t('boards.options')} />
                </tr>
              </thead>
              <tbody>
                {visible.map((board) => (
                  <tr key={board._id} data-testid="boards-page-row" data-board-name={board.name}>
                    <td>
                      <span className="avatar avatar--small" aria-hidden="true">
                        {initials(board.name)}
                      </span>{' '}
                      {board.name}
                      {board.sharedBy && (
                        <span className="chip">
                          {t('team.sharedBy', { name: board.sharedBy.name })} · {t(`team.roles.${board.role}`)}
                        </span>
                      )}
                      {board.tags.map((tag) => (
                        <span key={tag} className="chip" data-testid="boards-page-tag">
                          #{tag}
                        </span>
                      ))}
                      {board.responsible && (
                        <span className="chip" data-testid="boards-page-responsible">
                          {t('boards.responsible')}: {board.responsible.name}
                        </span>
                      )}
                      {board._id === current?._id && (
                        <span className="chip" data-testid="boards-page-current">
                          {t('groupPage.current')}
                        </span>
                      )}
                    </td>
                    <td>
                      {board.apiAccounts.length === 0 ? (
                        <span className="board-list__meta--warning">{t('dashboard.connectApi')}</span>
                      ) : (
                        board.apiAccounts.map((account) => account.name).join(', ')
                      )}
                    </td>
                    <td>{board.widgetCount}</td>
                    <td>{board.lastSyncedAt ? formatDate(board.lastSyncedAt) : '–'}</td>
                    <td>{board.publicLinks > 0 ? t('groupPage.sharedLinks', { count: board.publicLinks }) : '–'}</td>
                    <td className="data-table__actions">
                      <Button
                        kind="secondary"
                        small
                        onClick={() => {
                          select(board._id);
                          void navigate('/dashboard');
                        }}
                        data-testid="boards-page-open"
                      >
                        {t('groupPage.open')}
                      </Button>
                      {/* The board's report packs: everyone who sees the board reads and previews them. */}
                      <Link
                        to={`/group/${encodeURIComponent(board._id)}/report-packs`}
                        className="button button--secondary button--small"
                        data-testid="boards-page-report-packs"
                      >
                        {t('groupPage.reportPacks')}
                      </Link>
                      {/* The board's pages for those who share it: its embed keys and its audit trail. */}
                      {canShareBoard(board) &&
                        (['embed', 'audit'] as const).map((part) => (
                          <Link
                            key={part}
                            to={`/group/${encodeURIComponent(board._id)}/${part}`}
                            className="button button--secondary button--small"
                            data-testid={`boards-page-${part}`}
                          >
                            {t(`groupPage.${part}`)}
                          </Link>
                        ))}
                      {/* Editing and deleting are the owner's, behind the row's ⋮ menu: no red button on every row. */}
                      {ownsBoard(board) && (
                        <button
                          type="button"
                          className="icon-button"
                          aria-haspopup="menu"
                          aria-expanded={menu?.board._id === board._id}
                          aria-label={`${t('boards.options')}: ${board.name}`}
                          onClick={(event) => {
                            const anchor = event.currentTarget;
                            anchorRef.current = anchor;
                            setMenu((open) => (open?.board._id === board._id ? null : { board, anchor }));
                          }}
                          data-testid="boards-page-options"
                        >
                          ⋮
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      {menu && (
        <BoardRowMenu
          anchor={menu.anchor}
          menuRef={menuRef}
          onEdit={() => {
            setMenu(null);
            setDialog({ kind: 'edit', board: menu.board });
          }}
          onDelete={() => {
            setMenu(null);
            setDialog({ kind: 'delete', board: menu.board });
          }}
          onClose={closeMenu}
        />
      )}
      <BoardDialogs dialog={dialog} boards={boards} onClose={() => setDialog(null)} />
    </div>
  );
}
