import type { Lang } from '@saldo/contract/numbers/format';
import type { Observation } from '@saldo/contract/types/observations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { assistantStatusQuery } from '../assistant/queries';
import { keptObservations, type ObservationChoice, type ObservationChoices } from './observation-choices';
import { type Period, rewriteObservations } from './queries';

/**
 * Where the AI assistant is configured: the kept observations reworded by it, with their cited figures
 * only. The server refuses a rewording that names a number the observation does not cite; such an
 * observation keeps the accountant's text, and the line below says which numbers were refused. Without
 * an assistant nothing is shown: the rules' sentences stand alone.
 */
export function RewriteKept({
  boardId,
  period,
  lang,
  list,
  choices,
  onChange,
}: {
  boardId: string;
  period: Period;
  lang: Lang;
  list: readonly Observation[];
  choices: ObservationChoices;
  onChange: (id: string, choice: ObservationChoice) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = useQuery(assistantStatusQuery);
  const kept = keptObservations(list, choices);
  const rewrite = useMutation({
    mutationFn: () => rewriteObservations(boardId, { ...period, compare: 'lastYear', lang, keep: kept }),
    onSuccess: (answer) => {
      for (const o of answer.observations) if (o.rewritten) onChange(o.id, { state: 'kept', text: o.text });
    },
  });
  if (status.data?.enabled !== true) return null;
  const answer = rewrite.data?.observations;
  const refused = answer?.filter((o) => !o.rewritten) ?? [];
  return (
    <div className="report-packs__rewrite" data-testid="observations-rewrite">
      <Button
        kind="secondary"
        small
        disabled={kept.length === 0 || rewrite.isPending}
        onClick={() => rewrite.mutate()}
        data-testid="observations-rewrite-button"
      >
        {rewrite.isPending ? t('reportPacks.observations.rewriting') : t('reportPacks.observations.rewrite')}
      </Button>
      {answer && (
        <p className="muted" role="status" data-testid="observations-rewrite-result">
          {t('reportPacks.observations.rewritten', { count: answer.length - refused.length })}
          {refused.map((o) => (
            <span key={o.id} data-testid="observations-rewrite-refused">
              {' '}
              {t('reportPacks.observations.rewriteRefused', { numbers: o.uncited.join(', ') })}
            </span>
          ))}
        </p>
      )}
      {rewrite.isError && (
        <p className="field__error" role="alert" data-testid="observations-rewrite-error">
          {errorText(errorCodeOf(rewrite.error))}
        </p>
      )}
    </div>
  );
}
