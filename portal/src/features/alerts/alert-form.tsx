import type { AlertRule, Board } from '@saldo/contract';
import { ALERT_METRIC_NAMES } from '@saldo/contract/kpis/alerts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Choice } from '../../components/choice';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { toLanguage } from '../../lib/i18n';
import { AMOUNT_METRICS, bodyOf, comparisonsOf, type Draft, draftOf, EMPTY_DRAFT, METRICS } from './alert-rules';
import { createAlert, updateAlert } from './queries';

const PERIODS = ['lastMonth', 'yearToDate'] as const;
const SCOPES = ['all', 'tag', 'board'] as const;

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
        <Choice
          label={t('alerts.metric')}
          value={draft.metric}
          options={METRICS.map((m) => [m, ALERT_METRIC_NAMES[m][lang]])}
          onChange={(metric) => set({ metric })}
          testId="alert-metric"
        />
        {draft.metric !== 'syncFailed' && (
          <>
            <Choice
              label={t('alerts.comparison')}
              value={draft.comparison}
              options={comparisonsOf(draft.metric).map((c) => [c, t(`alerts.comparisons.${c}`)])}
              onChange={(comparison) => set({ comparison })}
              testId="alert-comparison"
            />
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
          <Choice
            label={t('alerts.period')}
            value={draft.period}
            options={PERIODS.map((p) => [p, t(`alerts.periods.${p}`)])}
            onChange={(period) => set({ period })}
            testId="alert-period"
          />
        )}
        <Choice
          label={t('alerts.scope')}
          value={draft.scope}
          options={SCOPES.map((k) => [k, t(`alerts.scopes.${k}`)])}
          onChange={(scope) => set({ scope })}
          testId="alert-scope"
        />
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
          <Choice
            label={t('alerts.board')}
            value={draft.groupId}
            options={boards.map((b) => [b._id, b.name])}
            onChange={(groupId) => set({ groupId })}
            testId="alert-board"
          />
        )}
      </div>
    </FormModal>
  );
}
