import type { CreatedEmbedKey, EmbedKey } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, SubmitButton } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { DataTable } from '../../components/data-table';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { BoardSubPage } from '../boards/board-sub-page';
import { createEmbedKey, embedKeysQuery, parseOrigins, revokeEmbedKey } from './queries';
import './embed.css';

/**
 * /group/{boardId}/embed: the board's embed keys. A partner's backend signs short-lived tokens with a
 * key's secret (shown here once) and its pages on the key's origins show the board's elements.
 */
export function EmbedKeysPage() {
  const { t } = useTranslation();
  const { boardId = '' } = useParams();
  const keys = useQuery(embedKeysQuery(boardId));
  const [created, setCreated] = useState<CreatedEmbedKey | null>(null);
  const [revoking, setRevoking] = useState<EmbedKey | null>(null);

  return (
    <BoardSubPage testId="embed-keys-page" title={t('embed.title')}>
      {() => (
        <>
          <section className="card card__body embed-keys">
            <p className="muted">{t('embed.intro')}</p>
            <BoardId boardId={boardId} />
            <NewKeyForm boardId={boardId} onCreated={setCreated} />
            {created && <CreatedKey created={created} onDone={() => setCreated(null)} />}
          </section>
          <section className="card card__body embed-keys">
            <h2 className="card__title">{t('embed.keys')}</h2>
            <QueryState
              query={keys}
              loading="text"
              error={t('embed.loadFailed')}
              emptyText={t('embed.none')}
              emptyTestId="embed-keys-empty"
            >
              {(list) => (
                <DataTable
                  testId="embed-keys"
                  rows={list}
                  rowKey={(key) => key._id}
                  rowProps={(key) => ({ 'data-testid': 'embed-key', 'data-key-id': key._id })}
                  columns={[
                    {
                      header: t('embed.name'),
                      cell: (key) => (
                        <>
                          {key.name}
                          <div className="muted small">
                            <code>{key._id}</code>
                          </div>
                        </>
                      ),
                    },
                    {
                      header: t('embed.origins'),
                      cell: (key) =>
                        key.origins.map((origin) => (
                          <div key={origin}>
                            <code>{origin}</code>
                          </div>
                        )),
                    },
                    { header: t('embed.created'), cell: (key) => formatDate(key.createdAt) },
                    {
                      header: t('embed.lastUsed'),
                      cell: (key) => (key.lastUsedAt ? formatDate(key.lastUsedAt) : t('embed.never')),
                    },
                    {
                      label: t('embed.actions'),
                      cellClassName: 'data-table__actions',
                      cell: (key) => (
                        <Button kind="danger" small onClick={() => setRevoking(key)} data-testid="embed-key-revoke">
                          {t('embed.revoke')}
                        </Button>
                      ),
                    },
                  ]}
                />
              )}
            </QueryState>
          </section>
          {revoking && <RevokeKeyDialog boardId={boardId} embedKey={revoking} onClose={() => setRevoking(null)} />}
        </>
      )}
    </BoardSubPage>
  );
}

function NewKeyForm({ boardId, onCreated }: { boardId: string; onCreated: (key: CreatedEmbedKey) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const ids = useId();
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createEmbedKey(boardId, { name: name.trim(), origins: parseOrigins(origins) }),
    onSuccess: (key) => {
      onCreated(key);
      setName('');
      setOrigins('');
      void client.invalidateQueries({ queryKey: ['embed-keys', boardId] });
    },
    onError: (error) => setProblem(errorText(errorCodeOf(error))),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || parseOrigins(origins).length === 0) return setProblem(t('embed.required'));
    setProblem(null);
    create.mutate();
  };
  return (
    <form className="embed-keys__form" onSubmit={onSubmit} data-testid="embed-key-form">
      <label className="field" htmlFor={`${ids}-name`}>
        <span className="field__label">{t('embed.name')}</span>
        <input
          id={`${ids}-name`}
          className="input"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          data-testid="embed-key-name"
        />
      </label>
      <label className="field" htmlFor={`${ids}-origins`}>
        <span className="field__label">{t('embed.origins')}</span>
        <textarea
          id={`${ids}-origins`}
          className="input"
          rows={2}
          placeholder="https://partner.example"
          value={origins}
          onChange={(event) => setOrigins(event.target.value)}
          data-testid="embed-key-origins"
        />
        <span className="field__hint">{t('embed.originsHint')}</span>
      </label>
      {problem && (
        <p className="field__error" role="alert" data-testid="embed-key-error">
          {problem}
        </p>
      )}
      <SubmitButton disabled={create.isPending} data-testid="embed-key-create">
        {create.isPending ? t('embed.creating') : t('embed.create')}
      </SubmitButton>
    </form>
  );
}

/** The board's id, which a partner's tokens name as their `board` claim (and its elements as `board`). */
function BoardId({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  return (
    <div className="embed-keys__board" data-testid="embed-board">
      <dl className="embed-keys__secret">
        <dt>{t('embed.boardId')}</dt>
        <dd>
          <code data-testid="embed-board-id">{boardId}</code>
        </dd>
      </dl>
      <CopyButton text={boardId} testId="embed-board-id-copy">
        {t('embed.copyBoardId')}
      </CopyButton>
      <p className="field__hint">{t('embed.boardIdHint')}</p>
    </div>
  );
}

/** The secret of a key just made: shown this once, with what the partner's backend needs. */
function CreatedKey({ created, onDone }: { created: CreatedEmbedKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="banner banner--info embed-keys__created" role="status" data-testid="embed-key-created">
      <p>
        <strong>{t('embed.secretOnce')}</strong>
      </p>
      <dl className="embed-keys__secret">
        <dt>{t('embed.keyId')}</dt>
        <dd>
          <code data-testid="embed-key-id">{created._id}</code>
        </dd>
        <dt>{t('embed.secret')}</dt>
        <dd>
          <code data-testid="embed-key-secret">{created.secret}</code>
        </dd>
      </dl>
      <div className="embed-keys__actions">
        <CopyButton text={created.secret}>{t('embed.copySecret')}</CopyButton>
        <Button kind="primary" small onClick={onDone} data-testid="embed-key-done">
          {t('embed.done')}
        </Button>
      </div>
    </div>
  );
}

function RevokeKeyDialog({ boardId, embedKey, onClose }: { boardId: string; embedKey: EmbedKey; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeEmbedKey(boardId, embedKey._id),
    onSuccess: () => {
      notify('embed.revoked');
      void client.invalidateQueries({ queryKey: ['embed-keys', boardId] });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('embed.revokeTitle')}
      body={t('embed.revokeBody', { name: embedKey.name })}
      confirmLabel={t('embed.revoke')}
      onConfirm={() => revoke.mutate()}
      onCancel={onClose}
      busy={revoke.isPending}
      danger
      testId="embed-key-revoke-dialog"
      error={revoke.isError ? errorText(errorCodeOf(revoke.error)) : null}
    />
  );
}
