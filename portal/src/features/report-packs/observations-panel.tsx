import type { Lang } from '@saldo/contract/numbers/format';
import type { CitedFigure, Observation } from '@saldo/contract/types/observations';
import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { QueryState } from '../../components/query-state';
import { setCurrentBoardId } from '../../lib/auth-storage';
import { withPeriod } from '../period/period-state';
import type { ObservationChoice, ObservationChoices } from './observation-choices';
import { observationsQuery, type Period } from './queries';
import { RewriteKept } from './rewrite-observations';

const STATEMENT_PATHS = { profit: '/profit', balanceSheet: '/balance-sheet' } as const;

/** A cited figure's drill-down: its statement over the figure's months, the line opened. */
export function drillLink(figure: CitedFigure): string | null {
  if (!figure.drill) return null;
  const choice = { kind: 'custom', from: figure.startDate.slice(0, 7), to: figure.endDate.slice(0, 7) } as const;
  const params = withPeriod(new URLSearchParams(), choice, null);
  params.set('line', figure.drill.line);
  return `${STATEMENT_PATHS[figure.drill.statement]}?${params}`;
}

const inLang = (text: { no: string; en: string }, lang: Lang) => (lang === 'en' ? text.en : text.no);

/**
 * The observations the rules propose for the period, in the pack's language: each kept, edited or
 * dropped, with the figures it cites (and where they drill to). The kept ones go with the pack.
 */
export function ObservationsPanel({
  boardId,
  period,
  lang,
  choices,
  onChange,
}: {
  boardId: string;
  period: Period;
  lang: Lang;
  choices: ObservationChoices;
  onChange: (id: string, choice: ObservationChoice | null) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(observationsQuery(boardId, period));
  return (
    <div className="report-packs__observations" data-testid="pack-observations">
      <h3>{t('reportPacks.observations.title')}</h3>
      <p className="muted">{t('reportPacks.observations.intro')}</p>
      <QueryState
        query={query}
        loading="text"
        error={t('reportPacks.observations.failed')}
        errorTestId="observations-error"
        isEmpty={(data) => data.observations.length === 0}
        emptyText={t('reportPacks.observations.none')}
        emptyTestId="observations-empty"
      >
        {(data) => (
          <>
            <ul className="report-packs__observation-list">
              {data.observations.map((o) => (
                <ObservationItem
                  key={o.id}
                  boardId={boardId}
                  observation={o}
                  lang={lang}
                  choice={choices[o.id] ?? null}
                  onChange={(choice) => onChange(o.id, choice)}
                />
              ))}
            </ul>
            <RewriteKept
              boardId={boardId}
              period={period}
              lang={lang}
              list={data.observations}
              choices={choices}
              onChange={onChange}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

function ObservationItem({
  boardId,
  observation,
  lang,
  choice,
  onChange,
}: {
  boardId: string;
  observation: Observation;
  lang: Lang;
  choice: ObservationChoice | null;
  onChange: (choice: ObservationChoice | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const proposed = inLang(observation.text, lang);
  const text = choice?.text ?? proposed;
  const state = choice?.state ?? 'proposed';
  // What can be done from here, and the choice each leads to: Edit keeps it too; Drop forgets the edit.
  const actions: Array<['keep' | 'edit' | 'edit-done' | 'drop', ObservationChoice]> = [];
  if (state !== 'kept') actions.push(['keep', { state: 'kept', text }]);
  if (state !== 'dropped' && !choice?.editing) actions.push(['edit', { state: 'kept', text, editing: true }]);
  if (choice?.editing) actions.push(['edit-done', { state: 'kept', text }]);
  if (state !== 'dropped') actions.push(['drop', { state: 'dropped', text: proposed }]);
  return (
    <li
      className={`report-packs__observation report-packs__observation--${state}`}
      data-testid="observation"
      data-state={state}
      data-rule={observation.rule}
    >
      {choice?.editing ? (
        <>
          <label htmlFor={`${id}-text`} className="visually-hidden">
            {t('reportPacks.observations.text')}
          </label>
          <textarea
            id={`${id}-text`}
            rows={3}
            maxLength={1000}
            value={text}
            lang={lang === 'en' ? 'en' : 'nb'}
            onChange={(e) => onChange({ ...choice, text: e.target.value })}
            data-testid="observation-text-input"
          />
        </>
      ) : (
        <p className="report-packs__observation-text" lang={lang === 'en' ? 'en' : 'nb'} data-testid="observation-text">
          {text}
        </p>
      )}
      <ul className="report-packs__figures" aria-label={t('reportPacks.observations.figures')}>
        {observation.figures.map((f) => {
          const link = drillLink(f);
          return (
            <li key={f.ref} data-testid="observation-figure">
              {inLang(f.label, lang)}: <strong>{inLang(f.shown, lang)}</strong>{' '}
              <span className="muted">
                ({formatDate(f.startDate)}–{formatDate(f.endDate)})
              </span>
              {link && (
                <>
                  {' '}
                  <Link to={link} onClick={() => setCurrentBoardId(boardId)} data-testid="observation-drill">
                    {t('reportPacks.observations.drill')}
                  </Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <div className="report-packs__observation-actions">
        {actions.map(([action, next]) => (
          <Button
            key={action}
            kind={action === 'drop' ? 'danger-ghost' : 'secondary'}
            small
            onClick={() => onChange(next)}
            data-testid={`observation-${action}`}
          >
            {t(`reportPacks.observations.${action === 'edit-done' ? 'done' : action}`)}
          </Button>
        ))}
        {state !== 'proposed' && !choice?.editing && (
          <span className="report-packs__observation-state" data-testid="observation-state">
            {t(`reportPacks.observations.${state}`)}
          </span>
        )}
      </div>
    </li>
  );
}
