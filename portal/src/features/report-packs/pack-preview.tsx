import type { PackPreview } from '@saldo/contract/schemas/report-packs';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-field';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { type Period, previewPack } from './queries';

/** The calendar year now: where a pack's period starts. */
export const thisYear = () => {
  const year = new Date().getFullYear();
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
};

/** A period's two dates (`<name>-startDate`, `<name>-endDate`), as the preview and the sending take it. */
export function PeriodFields({
  name,
  period,
  onChange,
}: {
  name: string;
  period: Period;
  onChange: (update: (period: Period) => Period) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (['startDate', 'endDate'] as const).map((end) => (
    <DateField
      key={end}
      id={`${id}-${end}`}
      name={`${name}-${end}`}
      label={t(end === 'startDate' ? 'reportPacks.from' : 'reportPacks.to')}
      value={period[end]}
      onChange={(date) => onChange((p) => ({ ...p, [end]: date }))}
    />
  ));
}

/** The pack resolved for a period as the server resolves it: the commentary filled in with its figures. */
export function PackPreviewPanel({ boardId, packId }: { boardId: string; packId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [period, setPeriod] = useState<Period>(thisYear);
  const preview = useMutation({ mutationFn: () => previewPack(boardId, packId, period) });
  return (
    <div className="report-packs__preview" data-testid="pack-preview">
      <h3>{t('reportPacks.preview')}</h3>
      <div className="report-packs__period">
        <PeriodFields name="preview" period={period} onChange={setPeriod} />
        <Button
          kind="secondary"
          onClick={() => preview.mutate()}
          disabled={preview.isPending}
          data-testid="pack-preview-run"
        >
          {t('reportPacks.showPreview')}
        </Button>
      </div>
      {preview.error && (
        <div className="banner banner--error" role="alert">
          {errorText(errorCodeOf(preview.error))}
        </div>
      )}
      {preview.data && <Resolved preview={preview.data} />}
    </div>
  );
}

function Resolved({ preview }: { preview: PackPreview }) {
  const { t } = useTranslation();
  return (
    <div className="report-packs__resolved" lang={preview.language === 'en' ? 'en' : 'nb'}>
      {preview.sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the sections are shown in their order, once
        <article key={index} className="report-packs__resolved-section" data-testid="pack-preview-section">
          <h4>{section.title}</h4>
          {section.kind === 'cover' && (
            <p>
              {section.board} · {section.period}
            </p>
          )}
          {section.kind === 'contents' && (
            <ol>
              {section.entries.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: titles repeat (two commentary blocks)
                <li key={i}>{entry}</li>
              ))}
            </ol>
          )}
          {(section.kind === 'notes' || section.kind === 'commentary') && (
            <p className="report-packs__prose" data-testid="pack-preview-text">
              {section.text}
            </p>
          )}
          {section.kind === 'kpis' && (
            <ul>
              {section.kpis.map((k) => (
                <li key={k.id}>
                  {k.title}: {k.valueText} ({t('reportPacks.compared')} {k.compareText}, {k.changeText})
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </div>
  );
}
