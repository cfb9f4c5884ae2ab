import type { Board } from '@saldo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormActions } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { useNotify, useNotifyError } from '../../components/notifications';
import { setCurrentBoardId, setSubBoardId } from '../../lib/auth-storage';
import { apiAccountsQuery } from '../api-accounts/queries';
import { type Assignment, assignmentOf, BoardAssignmentFields } from './board-assignment-fields';
import { currentAfterCreate, filterByNamePrefix, tagsOf } from './board-rules';
import { boardsQuery, createBoard, setAssignment, updateBoard } from './queries';
import './board-form.css';

/** Create a board, or configure one (`board` given): a name plus a searchable multi-select of API accounts. */
export function BoardFormModal({ board, onClose }: { board?: Board; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const accounts = useQuery(apiAccountsQuery);
  const [name, setName] = useState(board?.name ?? '');
  const [apis, setApis] = useState<string[]>(board?.apis ?? []);
  const [search, setSearch] = useState('');
  const [assignment, setAssignmentDraft] = useState<Assignment | null>(board ? assignmentOf(board) : null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const searchId = useId();

  const toggle = (accountId: string) =>
    setApis((list) => (list.includes(accountId) ? list.filter((x) => x !== accountId) : [...list, accountId]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(errorText('BOARD_NAME_EMPTY'));
      return;
    }
    setNameError(null);
    // Spec §5: no accounts is allowed, with a warning; the board is still created.
    if (apis.length === 0) notify('boards.noAccountsWarning', 'info');
    setBusy(true);
    try {
      if (board) {
        await updateBoard(board._id, { name: name.trim(), apis });
        if (assignment)
          await setAssignment(board._id, {
            tags: tagsOf(assignment.tags),
            responsibleUserId: assignment.responsibleUserId || null,
          });
        notify('boards.updated');
      } else {
        const created = await createBoard({ name: name.trim(), apis });
        // Into the list first, so the current-board check does not take it for a stale id.
        queryClient.setQueryData(boardsQuery.queryKey, (list: Board[] | undefined) => [...(list ?? []), created]);
        setCurrentBoardId(currentAfterCreate(created));
        setSubBoardId(null);
        notify('boards.created');
      }
      await queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'BOARD_NAME_EMPTY') setNameError(errorText(code));
      else if (code === 'RESPONSIBLE_NOT_MEMBER' || code === 'VALIDATION_FAILED') notifyError(code);
      // Read-only (the owner's trial or subscription has ended) says why, and where to subscribe.
      else if (code === 'PLAN_READ_ONLY') notifyError(code);
      else notifyError(board ? 'BOARD_UPDATE_FAILED' : 'BOARD_CREATE_FAILED');
    } finally {
      setBusy(false);
    }
  };

  const visible = filterByNamePrefix(accounts.data ?? [], search);
  return (
    <Modal
      title={board ? t('boards.editTitle') : t('boards.createTitle')}
      onClose={busy ? undefined : onClose}
      testId="board-form"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className={`field ${nameError ? 'field--invalid' : ''}`}>
          <label htmlFor={nameId}>{t('boards.name')}</label>
          <input
            id={nameId}
            name="boardName"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
          />
          {nameError && (
            <p className="field__error" data-testid="boardName-error">
              {nameError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={searchId}>{t('boards.apiAccounts')}</label>
          <input
            id={searchId}
            type="search"
            placeholder={t('boards.searchAccounts')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="api-search"
          />
          <ul className="multi-select" aria-label={t('boards.apiAccounts')}>
            {accounts.isPending && <li className="multi-select__empty">{t('app.loading')}</li>}
            {!accounts.isPending && visible.length === 0 && (
              <li className="multi-select__empty">{t('boards.noAccountsFound')}</li>
            )}
            {visible.map((account) => (
              <li key={account._id}>
                <label className="multi-select__option" data-testid="api-option" data-account-id={account._id}>
                  <input type="checkbox" checked={apis.includes(account._id)} onChange={() => toggle(account._id)} />
                  <span>{account.name}</span>
                  <span className="chip">{t(`dashboard.sourceType.${account.provider}`)}</span>
                  {account.apiKeyIsInvalid && <span className="chip chip--warning">{t('boards.invalidKey')}</span>}
                </label>
              </li>
            ))}
          </ul>
          {apis.length === 0 && (
            <p className="field__hint" data-testid="no-accounts-hint">
              {t('boards.noAccountsWarning')}
            </p>
          )}
        </div>
        {board && assignment && (
          <BoardAssignmentFields board={board} value={assignment} onChange={setAssignmentDraft} />
        )}
        <FormActions busy={busy} onCancel={onClose}>
          <SubmitButton busy={busy} data-testid="board-form-submit">
            {board ? t('common.save') : t('boards.create')}
          </SubmitButton>
        </FormActions>
      </form>
    </Modal>
  );
}
