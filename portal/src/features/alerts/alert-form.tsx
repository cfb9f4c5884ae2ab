import type { AlertRule, Board } from '@saldo/contract';
import { ALERT_METRIC_NAMES } from '@saldo/contract/kpis/alerts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { toLanguage } from '../../lib/i18n';
import { AMOUNT_METRICS, bodyOf, comparisonsOf, type Draft, draftOf, EMPTY_DRAFT, METRICS } from './alert-rules';
import { createAlert, updateAlert } from './queries';

/** Make a rule, or change one (`rule` given): a figure, a comparison with its threshold, a period and a scope. */
export function AlertForm({
  rule,
  boards,
  tags,
  onClose,
  onSaved,
}: {
  rule?: AlertRule;
  boards: readonly Board[];
  tags: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(rule ? draftOf(rule) : { ...EMPTY_DRAFT, groupId: boards[0]?._id ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const unit =
    draft.comparison === 'changeBelow' || draft.comparison === 'changeAbove'
      ? t('alerts.unit.change')
      : AMOUNT_METRICS.has(draft.metric)
        ? 'kr'
        : t(`alerts.unit.${draft.metric}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    if (!body?.name) {
      setError(t(body ? 'alerts.nameRequired' : 'alerts.badThreshold'));
      return;
    }
    setBusy(true);
    try {
      await (rule ? updateAlert(rule._id, body) : createAlert(body));
      onSaved();
    } catch (e) {
      setError(errorText(errorCodeOf(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={rule ? t('alerts.edit') : t('alerts.create')}
      testId="alert"
      busy={busy}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={submit}
      serverError={error}
    >
      <div className="form">
        <label className="field">
          <span>{t('alerts.name')}</span>
          <input
            value={draft.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="alert-name"
          />
        </label>
        <label className="field">
          <span>{t('alerts.metric')}</span>
          <select
            className="select"
            value={draft.metric}
            onChange={(e) => set({ metric: e.target.value as Draft['metric'] })}
            data-testid="alert-metric"
          >
            {METRICS.map((m) => (
              <option key={m} value={m}>
                {ALERT_METRIC_NAMES[m][lang]}
              </option>
            ))}
          </select>
        </label>
        {draft.metric !== 'syncFailed' && (
          <>
            <label className="field">
              <span>{t('alerts.comparison')}</span>
              <select
                className="select"
                value={draft.comparison}
                onChange={(e) => set({ comparison: e.target.value as Draft['comparison'] })}
                data-testid="alert-comparison"
              >
                {comparisonsOf(draft.metric).map((c) => (
                  <option key={c} value={c}>
                    {t(`alerts.comparisons.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>
                {t('alerts.threshold')} ({unit})
              </span>
              <input
                inputMode="decimal"
                value={draft.threshold}
                onChange={(e) => set({ threshold: e.target.value })}
                data-testid="alert-threshold"
              />
            </label>
          </>
        )}
        {draft.metric !== 'syncFailed' && draft.metric !== 'dataAgeDays' && (
          <label className="field">
            <span>{t('alerts.period')}</span>
            <select
              className="select"
              value={draft.period}
              onChange={(e) => set({ period: e.target.value as Draft['period'] })}
            >
              <option value="lastMonth">{t('alerts.periods.lastMonth')}</option>
              <option value="yearToDate">{t('alerts.periods.yearToDate')}</option>
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('alerts.scope')}</span>
          <select
            className="select"
            value={draft.scope}
            onChange={(e) => set({ scope: e.target.value as Draft['scope'] })}
            data-testid="alert-scope"
          >
            <option value="all">{t('alerts.scopes.all')}</option>
            <option value="tag">{t('alerts.scopes.tag')}</option>
            <option value="board">{t('alerts.scopes.board')}</option>
          </select>
        </label>
        {draft.scope === 'tag' && (
          <label className="field">
            <span>{t('alerts.tag')}</span>
            <input list="alert-tags" value={draft.tag} maxLength={40} onChange={(e) => set({ tag: e.target.value })} />
            <datalist id="alert-tags">
              {tags.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
          </label>
        )}
        {draft.scope === 'board' && (
          <label className="field">
            <span>{t('alerts.board')}</span>
            <select
              className="select"
              value={draft.groupId}
              onChange={(e) => set({ groupId: e.target.value })}
              data-testid="alert-board"
            >
              {boards.map((b) => (
                <option key={b._id} value={b._id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </FormModal>
  );
}
