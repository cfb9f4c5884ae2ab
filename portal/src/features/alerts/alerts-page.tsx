import type { AlertBoardStatus, AlertRule } from '@saldo/contract';
import { ALERT_METRIC_NAMES, ALERT_REASON_TEXTS, alertText, alertValueText } from '@saldo/contract/kpis/alerts';
import { formatDate } from '@saldo/contract/numbers/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { type Column, DataTable } from '../../components/data-table';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { PageHeader } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { toLanguage } from '../../lib/i18n';
import { boardsQuery } from '../boards/queries';
import { AlertForm } from './alert-form';
import { alertEventsQuery, alertsQuery, deleteAlert } from './queries';
import './alerts.css';

/**
 * /alerts: the user's alert rules, what each says of every board in its scope now ('–' with the reason
 * where a board cannot compute it), and a board's alert history (`?groupId=`, where the digest links).
 */
export function AlertsPage() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const rules = useQuery(alertsQuery);
  const boards = useQuery(boardsQuery);
  const [form, setForm] = useState<{ rule?: AlertRule } | null>(null);
  const [state, setState] = useState<'open' | 'all'>('all');
  const groupId = params.get('groupId') ?? boards.data?.[0]?._id ?? '';
  const events = useQuery({ ...alertEventsQuery(groupId, state), enabled: !!groupId });
  const tags = [...new Set((boards.data ?? []).flatMap((b) => b.tags))].sort();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['alerts'] });

  const remove = async (rule: AlertRule) => {
    try {
      await deleteAlert(rule._id);
      notify('alerts.deleted');
      await refresh();
    } catch (e) {
      notifyError(errorCodeOf(e));
    }
  };

  const stateText = (s: AlertBoardStatus, rule: AlertRule) =>
    s.state === 'unknown'
      ? `– (${ALERT_REASON_TEXTS[s.reason ?? 'noData'][lang]})`
      : `${s.value === null ? '–' : alertValueText(rule.metric, rule.comparison, s.value, lang)}${s.state === 'met' ? ` · ${t('alerts.met')}` : ''}`;

  const ruleColumns: Column<AlertRule>[] = [
    { header: t('alerts.name'), cell: (r) => <strong>{r.name}</strong> },
    {
      header: t('alerts.rule'),
      cell: (r) =>
        r.metric === 'syncFailed'
          ? ALERT_METRIC_NAMES.syncFailed[lang]
          : `${ALERT_METRIC_NAMES[r.metric][lang]} ${ALERT_REASON_TEXTS[r.comparison][lang]} ${alertValueText(r.metric, r.comparison, r.threshold, lang)}`,
    },
    {
      header: t('alerts.scope'),
      cell: (r) =>
        r.scope.kind === 'board' ? r.scope.name : r.scope.kind === 'tag' ? `#${r.scope.tag}` : t('alerts.scopes.all'),
    },
    {
      header: t('alerts.now'),
      cell: (r) => (
        <ul className="alerts__states">
          {r.boards.map((b) => (
            <li key={b.groupId} className={`alerts__state alerts__state--${b.state}`} data-testid="alert-board-state">
              {b.name}: {stateText(b, r)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      label: t('alerts.actions'),
      cell: (r) => (
        <span className="data-table__actions">
          <Button kind="secondary" small onClick={() => setForm({ rule: r })}>
            {t('alerts.edit')}
          </Button>
          <Button kind="secondary" small onClick={() => void remove(r)}>
            {t('alerts.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="page alerts" data-testid="alerts-page">
      <PageHeader
        title={t('alerts.title')}
        subtitle={t('alerts.subtitle')}
        actions={
          <Button kind="primary" onClick={() => setForm({})} data-testid="alerts-new">
            + {t('alerts.create')}
          </Button>
        }
      />
      <QueryState
        query={rules}
        isEmpty={(d) => d.length === 0}
        emptyText={t('alerts.empty')}
        emptyTestId="alerts-empty"
      >
        {(list) => (
          <DataTable columns={ruleColumns} rows={list} rowKey={(r) => r._id} scroll={{ label: t('alerts.title') }} />
        )}
      </QueryState>
      <section className="card alerts__history">
        <h2>{t('alerts.history')}</h2>
        <div className="alerts__filters">
          <select
            className="select select--small"
            aria-label={t('alerts.board')}
            value={groupId}
            onChange={(e) => setParams({ groupId: e.target.value })}
            data-testid="alerts-history-board"
          >
            {(boards.data ?? []).map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </select>
          <select
            className="select select--small"
            aria-label={t('alerts.state')}
            value={state}
            onChange={(e) => setState(e.target.value as 'open' | 'all')}
          >
            <option value="all">{t('alerts.states.all')}</option>
            <option value="open">{t('alerts.states.open')}</option>
          </select>
        </div>
        <ul className="alerts__events" data-testid="alerts-events">
          {(events.data ?? []).map((e) => (
            <li key={e._id} className={e.resolvedAt ? 'alerts__event' : 'alerts__event alerts__event--open'}>
              <strong>{e.ruleName}</strong>: {alertText(e, lang)} · {t('alerts.firstSeen')} {formatDate(e.firstSeenAt)}
              {e.resolvedAt ? ` · ${t('alerts.resolved')} ${formatDate(e.resolvedAt)}` : ` · ${t('alerts.open')}`}
            </li>
          ))}
          {events.data?.length === 0 && <li className="muted">{t('alerts.noEvents')}</li>}
        </ul>
      </section>
      {form && (
        <AlertForm
          rule={form.rule}
          boards={boards.data ?? []}
          tags={tags}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            notify('alerts.saved');
            void refresh();
          }}
        />
      )}
    </div>
  );
}
