import type { BoardWidget, ReportComparison, SharedPage } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDate } from '../../components/dates';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { useNotify } from '../../components/notifications';
import { api, routeUrl } from '../../lib/api';
import { LanguageChoice, PageChecks, toggled, WidgetChecks } from '../share/selection-fields';
import { EXPORT_FORMATS, EXPORT_PAGES, type ExportFormat, toExportRequest, validateExport } from './export-rules';
import { saveFile } from './save-file';
import '../share/share-panel.css';

interface ExportDialogProps {
  boardId: string;
  /** The widgets of the grid on screen (the board's or a sub-board's), in their order. */
  widgets: BoardWidget[];
  titleOf: (widget: BoardWidget) => string;
  from: string;
  to: string;
  /**
   * The period control's comparison: the report pages compare with it, the widgets in the comparison
   * view too (with their own default for the budget, or none chosen).
   */
  compare?: ReportComparison | null;
  /** The period as the control names it; the dialog exports the period on screen. */
  periodLabel?: string | undefined;
  lang: 'nor' | 'en';
  onClose: () => void;
}

/**
 * Export (spec §1, §9): the chosen widgets and report pages of the period as PDF, CSV, Excel or PNG.
 * The server writes every file: PDF, CSV, Excel, and the PDF's pages as PNG images (zipped).
 */
export function ExportDialog({
  boardId,
  widgets,
  titleOf,
  from,
  to,
  compare = null,
  periodLabel,
  lang,
  onClose,
}: ExportDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const ids = useId();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(widgets.map((widget) => widget.id)));
  const [pages, setPages] = useState<Set<SharedPage>>(new Set());
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [language, setLanguage] = useState(lang);
  const [problem, setProblem] = useState<string | null>(null);

  const download = useMutation({
    mutationFn: async () => {
      const body = toExportRequest({ widgets, chosen, pages, titleOf, format, from, to, compare, lang: language });
      const file = await api.download(routeUrl('/exports/:groupId', { groupId: boardId }), body);
      saveFile(file.blob, file.filename ?? `saldo.${format}`);
    },
    onSuccess: () => {
      notify('exports.done');
      onClose();
    },
    // The spec's message for any failed download; the server's reason is logged, not shown.
    onError: (error) => {
      console.warn('Export failed', errorCodeOf(error));
      setProblem('ERROR_DOWNLOADING');
    },
  });

  // What the comparison shows in: the report pages, or (for another period, not for a budget or last
  // year's end) a widget in the comparison view.
  const compared =
    (compare === 'previous' || compare === 'lastYear') &&
    widgets.some((w) => chosen.has(w.id) && w.view === 'comparison');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateExport({ widgets: [...chosen], pages: [...pages] });
    setProblem(error);
    if (!error) download.mutate();
  };

  return (
    <FormModal
      title={t('exports.title')}
      testId="export"
      busy={download.isPending}
      submitLabel={download.isPending ? t('exports.downloading') : t('exports.download')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={problem === 'ERROR_DOWNLOADING' ? errorText(problem) : null}
    >
      <p className="share-panel__period" data-testid="export-period">
        <span className="share-panel__label">{t('period.label')}</span>{' '}
        {periodLabel ?? `${showDate(from)} – ${showDate(to)}`}
        {compare && (compared || pages.size > 0) && (
          <>
            {' · '}
            {t('period.compare')} {t(`period.comparisons.${compare}`).toLowerCase()}
          </>
        )}
      </p>
      <WidgetChecks
        widgets={widgets}
        chosen={chosen}
        onToggle={(id) => setChosen((set) => toggled(set, id))}
        onSetAll={(all) => setChosen(new Set(all ? widgets.map((w) => w.id) : []))}
        titleOf={titleOf}
        testIdOf={() => 'export-widget'}
        allTestId="export-widgets-all"
      />
      <PageChecks
        pages={EXPORT_PAGES}
        chosen={pages}
        onToggle={(page) => setPages((set) => toggled(set, page))}
        onSetAll={(all) => setPages(new Set(all ? EXPORT_PAGES : []))}
        testIdPrefix="export-page"
      />
      <fieldset className="share-panel__group share-panel__langs">
        <legend>{t('exports.format')}</legend>
        {EXPORT_FORMATS.map((value) => (
          <label key={value} className="share-panel__check">
            <input
              type="radio"
              name={`${ids}-format`}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`export-format-${value}`}
            />
            {t(`exports.formats.${value}`)}
          </label>
        ))}
      </fieldset>
      <LanguageChoice name={`${ids}-lang`} value={language} onChange={setLanguage} testIdPrefix="export-lang" />
      {problem && problem !== 'ERROR_DOWNLOADING' && (
        <p className="field__error" role="alert" data-testid="export-error">
          {t(problem)}
        </p>
      )}
    </FormModal>
  );
}
