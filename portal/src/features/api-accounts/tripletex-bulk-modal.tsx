import type { TripletexCompany } from '@saldo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, SubmitButton } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { Modal, ProgressBar } from '../../components/modal';
import { tagsOf } from '../boards/board-rules';
import { useCurrentBoard } from '../boards/use-current-board';
import { apiAccountsQuery } from './queries';
import {
  BULK_CHUNK,
  batchOf,
  type CompanyStep,
  chunksOf,
  connectTripletexClients,
  errorOf,
  listTripletexClients,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  type RowStatus,
  rowOf,
  tagsFit,
} from './tripletex-bulk';
import { useRefreshAccounts } from './use-refresh-accounts';

type Stage = 'token' | 'choose' | 'connect';

/**
 * "Connect all Tripletex clients": an accounting office's employee token → the companies it may log into,
 * with checkboxes (those connected already shown and not offered) → each chosen company connected (a
 * source, a board, its first sync) with its progress → links to the new boards.
 */
export function TripletexBulkModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const refresh = useRefreshAccounts();
  const [stage, setStage] = useState<Stage>('token');
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [steps, setSteps] = useState<ReadonlyMap<number, CompanyStep>>(new Map());
  const [sending, setSending] = useState(false);
  /** The tags every board made gets, as typed (comma-separated). */
  const [tags, setTags] = useState('');
  const [tagsError, setTagsError] = useState<string | null>(null);

  const list = useMutation({
    mutationFn: () => listTripletexClients(token.trim()),
    onSuccess: (companies) => {
      setChosen(new Set(companies.filter((c) => !c.connected).map((c) => c.id)));
      setStage('choose');
    },
  });
  const companies = list.data ?? [];

  const findClients = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setTokenError(t('apiAccounts.bulk.tokenRequired'));
    setTokenError(null);
    list.mutate();
  };

  /** Connects the chosen companies a few per call, each row moving as its call answers. */
  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const order = companies.filter((c) => chosen.has(c.id)).map((c) => c.id);
    if (order.length === 0) return;
    const tagList = tagsOf(tags);
    if (!tagsFit(tagList))
      return setTagsError(t('apiAccounts.bulk.tagsTooMany', { max: MAX_TAGS, length: MAX_TAG_LENGTH }));
    setTagsError(null);
    setSteps(new Map(order.map((id) => [id, { state: 'waiting' }])));
    setStage('connect');
    setSending(true);
    const mark = (entries: ReadonlyArray<readonly [number, CompanyStep]>) =>
      setSteps((old) => new Map([...old, ...entries]));
    for (const chunk of chunksOf(order, BULK_CHUNK)) {
      mark(chunk.map((id) => [id, { state: 'connecting' }]));
      try {
        const { companies: items } = await connectTripletexClients(token.trim(), chunk, tagList);
        mark(items.map((item) => [item.id, { state: 'answered', item }]));
      } catch (error) {
        // The whole call was refused (the token, the network): these companies got nothing.
        const code = errorCodeOf(error);
        mark(chunk.map((id) => [id, { state: 'refused', code }]));
      }
      refresh();
    }
    setSending(false);
  };

  const close = sending ? undefined : onClose;
  const formId = `${ids}-form`;
  const footer =
    stage === 'connect' ? (
      <Button kind="primary" onClick={onClose} disabled={sending} data-testid="bulk-close">
        {t('common.close')}
      </Button>
    ) : (
      <>
        <Button kind="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {stage === 'token' ? (
          <SubmitButton busy={list.isPending} form={formId} data-testid="bulk-find">
            {list.isPending ? t('apiAccounts.bulk.finding') : t('apiAccounts.bulk.find')}
          </SubmitButton>
        ) : (
          <SubmitButton form={formId} disabled={chosen.size === 0} data-testid="bulk-connect">
            {t('apiAccounts.bulk.connect', { count: chosen.size })}
          </SubmitButton>
        )}
      </>
    );

  return (
    <Modal title={t('apiAccounts.bulk.title')} onClose={close} testId="bulk-modal" size="wide" footer={footer}>
      {stage === 'token' && (
        <form id={formId} onSubmit={findClients} noValidate data-testid="bulk-token-form">
          <p className="modal__hint modal__hint--top">{t('apiAccounts.bulk.intro')}</p>
          {list.isError && (
            <div className="banner banner--error" role="alert" data-testid="bulk-error">
              {errorText(errorCodeOf(list.error))}
            </div>
          )}
          <Field
            id={`${ids}-token`}
            name="employeeToken"
            label={t('apiAccounts.employeeId')}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            error={tokenError}
            maxLength={200}
            hint={<p className="field__hint">{t('apiAccounts.bulk.tokenHint')}</p>}
          />
        </form>
      )}
      {stage === 'choose' && (
        <form id={formId} onSubmit={(event) => void connect(event)} noValidate data-testid="bulk-choose-form">
          {companies.length === 0 ? (
            <EmptyState
              card={false}
              art="plug"
              testId="bulk-empty"
              title={t('apiAccounts.bulk.emptyTitle')}
              body={t('apiAccounts.bulk.emptyBody')}
            />
          ) : (
            <>
              <Field
                id={`${ids}-tags`}
                name="tags"
                label={t('apiAccounts.bulk.tags')}
                value={tags}
                onChange={(event) => setTags(event.target.value)}
                error={tagsError}
                maxLength={MAX_TAGS * (MAX_TAG_LENGTH + 2)}
                placeholder={t('boards.tagsHint')}
                hint={<p className="field__hint">{t('apiAccounts.bulk.tagsHint')}</p>}
                data-testid="bulk-tags"
              />
              <CompanyChoice companies={companies} chosen={chosen} onChange={setChosen} />
            </>
          )}
        </form>
      )}
      {stage === 'connect' && <Progress companies={companies} steps={steps} />}
    </Modal>
  );
}

function CompanyChoice({
  companies,
  chosen,
  onChange,
}: {
  companies: readonly TripletexCompany[];
  chosen: ReadonlySet<number>;
  onChange: (chosen: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation();
  const open = companies.filter((c) => !c.connected);
  const all = open.length > 0 && open.every((c) => chosen.has(c.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <>
      <div className="bulk__head">
        <p className="modal__hint">
          {t('apiAccounts.bulk.found', { count: companies.length, connected: companies.length - open.length })}
        </p>
        {open.length > 0 && (
          <label className="share-panel__check">
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => onChange(new Set(event.target.checked ? open.map((c) => c.id) : []))}
              data-testid="bulk-all"
            />
            {t('apiAccounts.bulk.all')}
          </label>
        )}
      </div>
      <ul className="bulk__list" data-testid="bulk-companies">
        {companies.map((company) => (
          <li key={company.id} className="bulk__row" data-testid="bulk-company" data-connected={company.connected}>
            <label className="share-panel__check">
              <input
                type="checkbox"
                checked={company.connected || chosen.has(company.id)}
                disabled={company.connected}
                onChange={(event) => toggle(company.id, event.target.checked)}
              />
              <span className="bulk__name">{company.name}</span>
            </label>
            <span className="bulk__meta">
              {company.organizationNumber && t('apiAccounts.orgNumber', { number: company.organizationNumber })}
            </span>
            {company.connected && <span className="chip bulk__chip--ok">{t('apiAccounts.bulk.connected')}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

const STATUS_CHIP: Record<RowStatus, string> = {
  waiting: 'chip',
  connecting: 'chip',
  queued: 'chip',
  syncing: 'chip',
  synced: 'chip bulk__chip--ok',
  syncFailed: 'chip bulk__chip--bad',
  skipped: 'chip',
  failed: 'chip bulk__chip--bad',
};

function Progress({
  companies,
  steps,
}: {
  companies: readonly TripletexCompany[];
  steps: ReadonlyMap<number, CompanyStep>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { select } = useCurrentBoard();
  const accounts = useQuery(apiAccountsQuery).data ?? [];
  const rows = [...steps].map(([id, step]) => ({
    id,
    name: companies.find((c) => c.id === id)?.name ?? String(id),
    step,
    ...rowOf(step, accounts),
  }));
  const batch = batchOf(rows);
  // Once every sync has ended, the boards are read again: their "last synced" is their sources'.
  const refresh = useRefreshAccounts();
  useEffect(() => {
    if (batch.done) refresh();
  }, [batch.done, refresh]);
  return (
    <div className="bulk" data-testid="bulk-progress" data-done={batch.done}>
      <div className="upload__head">
        <span>{t('apiAccounts.bulk.through', { through: batch.through, count: rows.length })}</span>
        <span className="upload__pct">{batch.percent} %</span>
      </div>
      <ProgressBar value={batch.percent} label={t('apiAccounts.bulk.title')} testId="bulk-bar" />
      <ul className="bulk__list">
        {rows.map((row) => {
          const item = row.step.state === 'answered' ? row.step.item : null;
          const error = errorOf(row.step);
          return (
            <li key={row.id} className="bulk__row" data-testid="bulk-result" data-status={row.status}>
              <span className="bulk__name">{row.name}</span>
              <span className={STATUS_CHIP[row.status]}>
                {row.status === 'syncing'
                  ? t('apiAccounts.bulk.status.syncing', { percent: row.percent })
                  : t(`apiAccounts.bulk.status.${row.status}`)}
              </span>
              {error && <span className="bulk__error">{errorText(error)}</span>}
              {item?.boardId && (
                <Button
                  kind="secondary"
                  small
                  data-testid="bulk-open-board"
                  onClick={() => {
                    select(item.boardId!);
                    void navigate('/dashboard');
                  }}
                >
                  {t('apiAccounts.bulk.openBoard')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
