import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { canShareBoard } from '../boards/board-rules';
import { useCurrentBoard } from '../boards/use-current-board';
import { keptTexts, type ObservationChoices } from './observation-choices';
import { ObservationsPanel } from './observations-panel';
import { PeriodFields, thisYear } from './pack-preview';
import { observationsQuery, type Period } from './queries';
import { SendPackModal } from './send-pack-modal';
import { SentPacks } from './sent-packs';

/**
 * Sending a pack (issue 30): the period it is sent for, the observations proposed for that period
 * (kept, edited or dropped), Send (for those with the share right, as a public link needs) and the
 * packs sent before, each with what has changed since.
 */
export function PackSending({ boardId, pack }: { boardId: string; pack: ReportPack }) {
  const { t } = useTranslation();
  const { boards } = useCurrentBoard();
  const mayShare = canShareBoard(boards.find((b) => b._id === boardId));
  const [period, setPeriod] = useState<Period>(thisYear);
  // The choices belong to the period's proposal: another period starts afresh.
  const [choices, setChoices] = useState<{ key: string; of: ObservationChoices }>({ key: '', of: {} });
  const key = `${period.startDate}/${period.endDate}`;
  const current = choices.key === key ? choices.of : {};
  const proposal = useQuery(observationsQuery(boardId, period));
  const kept = keptTexts(proposal.data?.observations ?? [], current);
  const [sending, setSending] = useState(false);
  const editing = Object.values(current).some((c) => c.editing);
  const close = () => setSending(false);

  return (
    <section className="card card__body report-packs" data-testid="pack-sending">
      <h2 className="card__title">{t('reportPacks.send.heading', { name: pack.name })}</h2>
      <div className="report-packs__period">
        <PeriodFields name="send" period={period} onChange={setPeriod} />
      </div>
      <ObservationsPanel
        boardId={boardId}
        period={period}
        lang={pack.language}
        choices={current}
        onChange={(observation, choice) =>
          setChoices(() => {
            const next = { ...current };
            if (choice) next[observation] = choice;
            else delete next[observation];
            return { key, of: next };
          })
        }
      />
      <div className="report-packs__send-row">
        {mayShare ? (
          <Button kind="primary" onClick={() => setSending(true)} disabled={editing} data-testid="pack-send-open">
            {t('reportPacks.send.open', { count: kept.length })}
          </Button>
        ) : (
          <p className="muted" data-testid="pack-send-no-right">
            {t('reportPacks.send.noRight')}
          </p>
        )}
      </div>
      <SentPacks boardId={boardId} packId={pack._id} />
      {sending && <SendPackModal {...{ boardId, pack, period }} observations={kept} onClose={close} />}
    </section>
  );
}
