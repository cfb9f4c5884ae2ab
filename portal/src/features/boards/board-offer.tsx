import type { ApiAccount } from '@saldo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { boardNameOf, boardOver } from './board-offer-rules';
import { boardsQuery, createBoard } from './queries';
import { useCurrentBoard } from './use-current-board';
import './board-offer.css';

/**
 * Issue 27: an imported source leads to a board. The board is named after the company the file names
 * (its name and organisation number, from the header the import read) and holds the source: one click
 * makes it (POST /group-account with the source), makes it current and opens its dashboard. A source
 * already on a board offers that board instead (or nothing, `onlyNew`).
 */

/** Every imported SAF-T source of the user's on no board of theirs: its board offered on the sources page. */
export function BoardOffers({ accounts }: { accounts: readonly ApiAccount[] }) {
  const imported = accounts.filter((a) => a.provider === 'saft' && a.stats && a.syncInfo.status !== 'failed');
  return imported.map((account) => <BoardOffer key={account._id} account={account} onlyNew />);
}
export function BoardOffer({ account, onlyNew = false }: { account: ApiAccount; onlyNew?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const boards = useQuery(boardsQuery);
  const { select } = useCurrentBoard();
  const name = boardNameOf(account);
  const existing = boardOver(boards.data ?? [], account._id);

  const open = (id: string) => {
    select(id);
    void navigate('/dashboard');
  };
  const make = useMutation({
    mutationFn: () => createBoard({ name, apis: [account._id] }),
    onSuccess: async (board) => {
      await client.invalidateQueries({ queryKey: boardsQuery.queryKey });
      notify('boardOffer.made');
      open(board._id);
    },
  });

  if (boards.isPending || (onlyNew && existing)) return null;
  const company = account.stats?.company;
  return (
    <div className="board-offer" data-testid="board-offer">
      {existing ? (
        <>
          <p className="board-offer__text">{t('boardOffer.onBoard', { board: existing.name })}</p>
          <Button kind="primary" onClick={() => open(existing._id)} data-testid="board-offer-open">
            {t('boardOffer.open', { board: existing.name })}
          </Button>
        </>
      ) : (
        <>
          <p className="board-offer__text">
            {company
              ? t('boardOffer.fromFile', {
                  company: company.name,
                  number: company.orgNumber ?? t('boardOffer.noNumber'),
                })
              : t('boardOffer.fromSource', { source: account.name })}
          </p>
          {make.isError && (
            <p className="field__error" role="alert">
              {errorText(errorCodeOf(make.error))}
            </p>
          )}
          <Button kind="primary" onClick={() => make.mutate()} disabled={make.isPending} data-testid="board-offer-make">
            {make.isPending && <span className="spinner" aria-hidden="true" />}
            {t('boardOffer.make', { board: name })}
          </Button>
        </>
      )}
    </div>
  );
}
